// Meeting by the NFC tap and by a short code (docs/protocols/nearby-bootstrap.md §2, §3): the issuing side
// hands over a session token (or shows a code) and advertises its rendezvous; the other side finds the one
// device advertising it, with no choosing, and both open the channel with the secret. A token works for one
// channel, until it expires; a code works once, right or wrong, for five minutes.
import Foundation
@_spi(Wire) import HandshakeExchange

extension NearbyCoordinator {
    func giveToken(_ handOver: @Sendable (SessionToken) async throws -> Void) async throws {
        source = .nfc
        let listener = try await NearbyListener.bind(host: configuration.host, port: configuration.port)
        // Listening on one address (not all of them), the token names it, so its reader can connect without
        // browsing; on all addresses, the reader finds the issuer by its advertised rendezvous, or at the relay.
        let relay = configuration.relay
        let token = try SessionToken.issue(endpoints: Self.endpoints(host: configuration.host, port: listener.port), relay: relay, at: Date())
        let advertiser = try NearbyAdvertiser(
            port: UInt16(listener.port), displayName: configuration.showsName ? card.card.name : nil, rendezvous: NearbyRendezvous(token),
            interface: configuration.interface.map(DiscoveryInterface.named) ?? .automatic)
        do {
            try await advertiser.start()
        } catch {
            // With a relay, a network that cannot multicast only leaves the relay (and the token's addresses).
            guard relay != nil else { throw NearbyCoordinatorError.unavailable(error) }
        }
        do {
            try await handOver(token)
        } catch {
            await advertiser.stop()
            throw NearbyCoordinatorError.handOverFailed(String(describing: error))
        }
        apply(.looking(.tokenHandedOver(expires: token.expiresAt)))
        // One channel per token: advertising stops once it is open, and at expiry whatever happens.
        whenChannelOpens = { await advertiser.stop() }
        let network: @MainActor () async throws -> Bool = {
            try await self.serveOne(listener, origin: .sharedSecret) { transport in
                let ending = await self.drive(transport, role: .responder, secret: token.secret)
                if self.flow.channelOpened { return true }
                self.notice(.refusedConnection(reason: ending?.description ?? ""))
                return false
            }
            return self.relayedBy == nil
        }
        var atRelay: (@MainActor () async throws -> Bool)?
        if let relay { atRelay = { try await self.waitAtRelay(relay, token: token) } }
        let outcome = try await untilExpiry(token.expiresAt, advertiser) { [atRelay] in try await self.firstOf(network, atRelay) }
        await advertiser.stop()
        if outcome == .expired { throw NearbyCoordinatorError.tokenExpired }
    }

    /// Waits in the token's room on `relay` until the reader arrives there (its first bytes), then runs the
    /// session through it, as the responder. Whether the session ran (`false`: the relay could not be
    /// reached, the reader met us another way, or the channel never opened, so the network goes on).
    func waitAtRelay(_ relay: RelayServer, token: SessionToken) async throws -> Bool {
        do {
            return try await RelayTransport.run(relay, room: token.relayRoom) { transport in
                // The room says nothing of the other side; its first bytes are its arrival.
                guard let arrived = await ArrivedTransport.awaitingArrival(of: transport), await self.claim(.sharedSecret) else { return false }
                await self.carried(by: relay)
                let ending = await self.drive(arrived, role: .responder, secret: token.secret)
                if await self.flow.channelOpened { return true }
                await self.notice(.refusedConnection(reason: ending?.description ?? ""))
                return false
            }
        } catch {
            relayProblem = error
            return false
        }
    }

    /// The endpoint a token names for a listener on `host`:`port`: none for the wildcard address (which is
    /// not an address to connect to) or a name rather than a numeric address.
    static func endpoints(host: String, port: Int) -> [SessionTokenEndpoint] {
        guard let port = UInt16(exactly: port), port != 0 else { return [] }
        if let v4 = IPv4Address(host), v4 != IPv4Address(0, 0, 0, 0), let endpoint = SessionTokenEndpoint(address: v4.array, port: port) {
            return [endpoint]
        }
        return []
    }

    func readToken(_ token: SessionToken) async throws {
        source = .nfc
        // The network first; with a relay in the token, the relay too once the network has had its grace.
        let network: @MainActor () async throws -> Bool = {
            try await self.meetOnTheNetwork(token)
            // Found on the network after the relay had carried the session: that was not this way's.
            return self.relayedBy == nil
        }
        var atRelay: (@MainActor () async throws -> Bool)?
        if let relay = token.relay {
            let grace = configuration.relayGrace
            atRelay = {
                try await Task.sleep(for: grace)
                return try await self.meetAtRelay(relay, token: token)
            }
        }
        try await firstOf(network, atRelay)
    }

    /// Connects to the token's issuer on the network: an address the token names, or the device
    /// advertising its rendezvous.
    private func meetOnTheNetwork(_ token: SessionToken) async throws {
        for endpoint in token.endpoints {
            if (try? await NearbyTCP.connect(host: endpoint.host, port: Int(endpoint.port), { transport in
                guard await self.claim(.sharedSecret) else { return }
                await self.drive(transport, role: .initiator, secret: token.secret)
            })) != nil, flow.channelOpened { return }
        }
        let peer = try await findPeer(until: token.expiresAt, what: "the device that wrote this token") { $0.rendezvous?.matches(token) == true }
        apply(.looking(.connecting(peer)))
        _ = try await NearbyTCP.connect(host: peer.addresses[0].description, port: Int(peer.port)) { transport in
            guard await self.claim(.sharedSecret) else { return }
            await self.drive(transport, role: .initiator, secret: token.secret)
        }
    }

    /// Meets the token's issuer in its room on `relay`, as the initiator. Whether the session ran there.
    private func meetAtRelay(_ relay: RelayServer, token: SessionToken) async throws -> Bool {
        // The network carried it within the grace: no need of the relay.
        guard !flow.isClaimed else { return false }
        do {
            return try await RelayTransport.run(relay, room: token.relayRoom) { transport in
                guard await self.claim(.sharedSecret) else { return false }
                await self.carried(by: relay)
                await self.drive(transport, role: .initiator, secret: token.secret)
                return true
            }
        } catch {
            relayProblem = error
            return false
        }
    }

    func showCode() async throws {
        source = .code
        let desk = ShortCodeDesk()
        let code = await desk.issue(at: Date())
        let listener = try await NearbyListener.bind(host: configuration.host, port: configuration.port)
        let advertiser = try NearbyAdvertiser(
            port: UInt16(listener.port), displayName: configuration.showsName ? card.card.name : nil, rendezvous: NearbyRendezvous(code),
            interface: configuration.interface.map(DiscoveryInterface.named) ?? .automatic)
        let relay = configuration.relay
        do {
            try await advertiser.start()
        } catch {
            // With a relay, a network that cannot multicast only leaves the relay.
            guard relay != nil else { throw NearbyCoordinatorError.unavailable(error) }
        }
        let expiry = await desk.expiry(rendezvous: code.rendezvous) ?? Date().addingTimeInterval(NearbyProtocol.shortCodeLifetime)
        apply(.looking(.codeShown(code.displayText(), expires: expiry)))
        let network: @MainActor () async throws -> Bool = {
            try await self.serveOne(listener, origin: .sharedSecret) { transport in
                // The first connection is the one attempt: advertising stops whatever its outcome.
                await advertiser.stop()
                await self.showCode(code, desk: desk, over: transport, channelBinding: Array(advertiser.instance.text.utf8))
                return true
            }
            return self.relayedBy == nil
        }
        var atRelay: (@MainActor () async throws -> Bool)?
        if let relay { atRelay = { await self.showCodeAtRelay(relay, code: code, desk: desk, until: expiry) } }
        let outcome = try await untilExpiry(expiry, advertiser) { [atRelay] in try await self.firstOf(network, atRelay) }
        await advertiser.stop()
        if let failure = codeFailure { throw NearbyCoordinatorError.codeFailed(failure, shownHere: true) }
        if outcome == .expired { throw NearbyCoordinatorError.codeExpired }
    }

    /// The one attempt on a shown code, over `transport` (a connection on the network, or the relay room once
    /// the typing device's message came): the key exchange, then the session with its secret.
    func showCode(_ code: ShortCode, desk: ShortCodeDesk, over transport: any ExchangeTransport, channelBinding: [UInt8]) async {
        do throws(ShortCodeError) {
            let keyed = try await ShortCodeConnection.show(rendezvous: code.rendezvous, channelBinding: channelBinding, desk: desk, over: transport)
            await drive(keyed.transport, role: .responder, secret: keyed.secret)
            // The typing side checks the code first and leaves when it differs: a channel that never
            // opened means the code did not match.
            if !flow.channelOpened { codeFailure = .codeDoesNotMatch }
        } catch {
            codeFailure = error
        }
    }

    func typeCode(_ code: ShortCode) async throws {
        source = .code
        // The network first; with a relay, the relay too once the network has had its grace. One attempt in
        // all: whichever way reaches the showing device first spends the code, and the other stops.
        let network: @MainActor () async throws -> Bool = {
            try await self.typeCodeOnTheNetwork(code)
            return self.relayedBy == nil
        }
        var atRelay: (@MainActor () async throws -> Bool)?
        if let relay = configuration.relay {
            let grace = configuration.relayGrace
            atRelay = {
                try await Task.sleep(for: grace)
                return await self.typeCodeAtRelay(relay, code: code)
            }
        }
        try await firstOf(network, atRelay)
        if let failure = codeFailure { throw NearbyCoordinatorError.codeFailed(failure, shownHere: false) }
    }

    /// Finds the device advertising the code's rendezvous part on the network and makes the attempt there.
    private func typeCodeOnTheNetwork(_ code: ShortCode) async throws {
        let peer = try await findPeer(
            until: Date().addingTimeInterval(NearbyProtocol.shortCodeLifetime), what: "the device showing this code",
            ambiguity: "Two devices nearby show a code starting with \(code.rendezvous); not guessing which one is yours. Ask for a new code (nothing was sent)."
        ) {
            $0.rendezvous?.matches(code) == true
        }
        guard takeCodeAttempt() else { return }
        apply(.looking(.connecting(peer)))
        let failure = try await NearbyTCP.connect(host: peer.addresses[0].description, port: Int(peer.port)) { transport -> ShortCodeError? in
            await self.typeCode(code, over: transport, channelBinding: Array(peer.id.utf8))
        }
        if let failure { codeFailure = failure }
    }

    /// The one attempt on a typed code, over `transport`: the key exchange, then the session with its
    /// secret. The failure of the key exchange, if it failed.
    func typeCode(_ code: ShortCode, over transport: any ExchangeTransport, channelBinding: [UInt8]) async -> ShortCodeError? {
        do throws(ShortCodeError) {
            let keyed = try await ShortCodeConnection.type(code, channelBinding: channelBinding, over: transport)
            guard claim(.sharedSecret) else { return nil }
            await drive(keyed.transport, role: .initiator, secret: keyed.secret)
            return nil
        } catch {
            return error
        }
    }
}
