import Foundation
import HandshakeExchange
import HandshakeNearby

// Meeting by the NFC tap, with a file standing in for the tag: the issuer writes a session token (a
// rendezvous identifier, a 32-byte secret, an expiry within 60 s) and advertises the rendezvous; the reader
// finds the device advertising it, with no choosing, and both open the channel with the secret. The token
// works for one channel: a connection that does not hold the secret fails its handshake and the issuer goes
// on waiting until the token expires (docs/protocols/nearby-bootstrap.md, section 2).

extension NearbyRunner {
    func giveToken(to file: URL) async throws {
        source = .nfc
        let listener = try await NearbyListener.bind(host: options.host, port: options.port)
        let token = try SessionToken.issue(at: Date())
        let advertiser = try NearbyAdvertiser(
            port: UInt16(listener.port), displayName: options.showName ? card.card.name : nil, rendezvous: NearbyRendezvous(token),
            interface: options.interface.map(DiscoveryInterface.named) ?? .automatic)
        do { try await advertiser.start() } catch { throw CommandFailure(Self.unavailable(error)) }
        do {
            try SecretFile.write(token.ndefMessage, to: file)
        } catch {
            await advertiser.stop()
            throw CommandFailure("The session token could not be written to \(file.path): \(error.localizedDescription)")
        }
        reporter.tokenWritten(file.path, expires: token.expiresAt)
        defer { try? FileManager.default.removeItem(at: file) }
        // One channel per token: advertising stops once it is open, and at expiry whatever happens.
        whenChannelOpens = { await advertiser.stop() }
        let outcome = try await untilExpiry(token.expiresAt, advertiser) {
            try await self.serveOne(listener) { transport in
                let ending = await self.drive(transport, role: .responder, secret: token.secret)
                if self.channelOpened { return true }
                self.reporter.emit("refusedConnection", ["reason": ending?.description ?? ""],
                                   text: "A device without this token tried to connect; still waiting for the one that has it.")
                return false
            }
        }
        await advertiser.stop()
        if outcome == .expired {
            throw CommandFailure("Nobody used the session token before it expired. Nothing was stored; run again for a new one.")
        }
    }

    enum WaitOutcome { case served, expired }

    /// Runs `serve` until it returns, or until `expiry` when no channel has opened by then (advertising
    /// stops at expiry in any case).
    func untilExpiry(_ expiry: Date, _ advertiser: NearbyAdvertiser, _ serve: @escaping @MainActor () async throws -> Void) async throws -> WaitOutcome {
        try await withThrowingTaskGroup(of: WaitOutcome.self) { group in
            group.addTask {
                try await serve()
                return .served
            }
            group.addTask {
                try await Task.sleep(for: .seconds(max(0, expiry.timeIntervalSinceNow)))
                await advertiser.stop()
                return await self.channelOpened ? .served : .expired
            }
            defer { group.cancelAll() }
            for try await outcome in group {
                // At expiry with a session under way, go on until it ends.
                if outcome == .served, !channelOpened || ending != nil || session == nil { return .served }
                if outcome == .expired { return .expired }
            }
            return .served
        }
    }

    func readToken(from file: URL) async throws {
        source = .nfc
        let bytes: [UInt8]
        do {
            bytes = try SecretFile.read(file, limit: NearbyProtocol.sessionTokenMessageLimit)
        } catch {
            throw CommandFailure("The session token could not be read from \(file.path): \(error.localizedDescription)")
        }
        let token: SessionToken
        do { token = try SessionToken(ndefMessage: bytes, at: Date()) } catch { throw CommandFailure(error.description) }
        for endpoint in token.endpoints {
            if (try? await NearbyTCP.connect(host: endpoint.host, port: Int(endpoint.port), { transport in
                await self.drive(transport, role: .initiator, secret: token.secret)
            })) != nil, channelOpened { return }
        }
        let peer = try await findPeer(until: token.expiresAt, what: "the device that wrote this token") { $0.rendezvous?.matches(token) == true }
        reporter.connecting(to: peer)
        _ = try await NearbyTCP.connect(host: peer.addresses[0].description, port: Int(peer.port)) { transport in
            await self.drive(transport, role: .initiator, secret: token.secret)
        }
    }

    /// Browses until a peer that `matches` is found (with at least one address), or `deadline` passes.
    func findPeer(until deadline: Date, what: String, _ matches: @escaping @Sendable (NearbyPeer) -> Bool) async throws -> NearbyPeer {
        let browser = NearbyBrowser(interface: options.interface.map(DiscoveryInterface.named) ?? .automatic)
        do { try await browser.start() } catch { throw CommandFailure(Self.unavailable(error)) }
        reporter.emit("looking", ["for": what], text: "Looking for \(what)…")
        let found = try await withThrowingTaskGroup(of: NearbyPeer?.self) { group in
            group.addTask {
                for await event in browser.events {
                    switch event {
                    case .found(let peer), .updated(let peer): if matches(peer), !peer.addresses.isEmpty { return peer }
                    case .lost, .nobodyFound: continue
                    }
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: .seconds(max(0, deadline.timeIntervalSinceNow)))
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        await browser.stop()
        guard let found else {
            throw CommandFailure("No device nearby is waiting: \(what) was not found in time. Are both devices on the same network?")
        }
        return found
    }
}
