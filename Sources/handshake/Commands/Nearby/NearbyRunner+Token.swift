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
}
