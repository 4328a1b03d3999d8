import Foundation
import HandshakeExchange
import HandshakeNearby

// Meeting by a short code: one device shows 12 characters and advertises their rendezvous part; the other
// person types them, and that device finds the one advertising it. CPace turns the rest of the code into the
// channel's secret (docs/protocols/nearby-bootstrap.md, section 3). The code works once: the first attempt,
// right or wrong, uses it up, and it expires after five minutes.

extension NearbyRunner {
    func showCode() async throws {
        source = .code
        let desk = ShortCodeDesk()
        let code = await desk.issue(at: Date())
        let listener = try await NearbyListener.bind(host: options.host, port: options.port)
        let advertiser = try NearbyAdvertiser(
            port: UInt16(listener.port), displayName: options.showName ? card.card.name : nil, rendezvous: NearbyRendezvous(code),
            interface: options.interface.map(DiscoveryInterface.named) ?? .automatic)
        do { try await advertiser.start() } catch { throw CommandFailure(Self.unavailable(error)) }
        let expiry = await desk.expiry(rendezvous: code.rendezvous) ?? Date().addingTimeInterval(NearbyProtocol.shortCodeLifetime)
        reporter.codeShown(code.displayText(), expires: expiry)
        let outcome = try await untilExpiry(expiry, advertiser) {
            try await self.serveOne(listener) { transport in
                // The first connection is the one attempt: advertising stops whatever its outcome.
                await advertiser.stop()
                do throws(ShortCodeError) {
                    let keyed = try await ShortCodeConnection.show(
                        rendezvous: code.rendezvous, channelBinding: Array(advertiser.instance.text.utf8), desk: desk, over: transport)
                    await self.drive(keyed.transport, role: .responder, secret: keyed.secret)
                    // The typing side checks the code first and leaves when it differs: a channel that never
                    // opened means the code did not match.
                    if !self.channelOpened { self.codeFailure = .codeDoesNotMatch }
                } catch {
                    self.codeFailure = error
                }
                return true
            }
        }
        await advertiser.stop()
        if let failure = codeFailure { throw CommandFailure("\(failure.description) This code is used up; run again for a new one.") }
        if outcome == .expired { throw CommandFailure("Nobody typed the code within 5 minutes. Nothing was stored; run again for a new one.") }
    }

    func typeCode(_ code: ShortCode) async throws {
        source = .code
        let peer = try await findPeer(until: Date().addingTimeInterval(Double(options.timeout)), what: "the device showing this code",
                                  ambiguity: "Two devices nearby show a code starting with \(code.rendezvous); not guessing which one is yours. Ask for a new code (nothing was sent).") {
            $0.rendezvous?.matches(code) == true
        }
        reporter.connecting(to: peer)
        let failure = try await NearbyTCP.connect(host: peer.addresses[0].description, port: Int(peer.port)) { transport -> ShortCodeError? in
            do throws(ShortCodeError) {
                let keyed = try await ShortCodeConnection.type(code, channelBinding: Array(peer.id.utf8), over: transport)
                await self.drive(keyed.transport, role: .initiator, secret: keyed.secret)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw CommandFailure(failure.description) }
    }
}
