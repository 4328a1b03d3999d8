// A short code through the relay on a mailbox server (docs/protocols/nearby-relay.md §6), for two devices no
// network joins: the device showing the code waits in the code's room (named from its public rendezvous part)
// and says so with a SHOWN frame each time it enters; the device that typed it enters the same room and, once
// it hears SHOWN, makes its one attempt there. The attempt is the same as on the network (CPace, then the
// channel with its secret), with no instance name to bind, since the room has none. A room ends after the
// relay's waiting time (90 s), so the showing device enters again until the code expires.
import Foundation
@_spi(Wire) import HandshakeExchange

extension NearbyCoordinator {
    /// A room that ends sooner than this was refused, not waited out: it is not entered again.
    nonisolated static let briefRoom: Duration = .seconds(5)

    /// Takes the typed code's one attempt: whether it was still free.
    func takeCodeAttempt() -> Bool {
        guard !codeAttempted else { return false }
        codeAttempted = true
        return true
    }

    /// Waits in the code's room on `relay` until `expiry`, entering again whenever the relay ends the wait,
    /// and makes the attempt with the device that typed the code once its message comes. Whether an attempt
    /// ran here (`false`: the relay could not be used, or the code was met on the network).
    func showCodeAtRelay(_ relay: RelayServer, code: ShortCode, desk: ShortCodeDesk, until expiry: Date) async throws -> Bool {
        let room = RelayRoom(rendezvous: code.rendezvous)
        while Date() < expiry, !flow.isClaimed, codeFailure == nil {
            let entered = ContinuousClock.now
            do {
                let ran = try await RelayTransport.run(relay, room: room) { transport in
                    do throws(ShortCodeError) { try await ShortCodeConnection.announceShown(over: transport) } catch { return false }
                    guard let arrived = await ArrivedTransport.awaitingArrival(of: transport), await self.claim(.sharedSecret) else { return false }
                    await self.carried(by: relay)
                    await self.showCode(code, desk: desk, over: arrived, channelBinding: [])
                    return true
                }
                if ran { return true }
            } catch {
                relayProblem = error
                return false
            }
            // A room that ended within seconds (refused: another code's device holds it) is not entered again.
            if ContinuousClock.now - entered < Self.briefRoom { return false }
        }
        return false
    }

    /// Enters the code's room on `relay` and, once the showing device says it is there, makes the one
    /// attempt; a room that ends with nobody showing (someone else typing a code with the same three first
    /// characters was there) is entered again while the code may still be shown. Whether it ran here.
    func typeCodeAtRelay(_ relay: RelayServer, code: ShortCode) async throws -> Bool {
        let until = Date().addingTimeInterval(NearbyProtocol.shortCodeLifetime)
        while Date() < until, !codeAttempted {
            let entered = ContinuousClock.now
            do {
                let ran = try await RelayTransport.run(relay, room: RelayRoom(rendezvous: code.rendezvous)) { transport in
                    // Anything but SHOWN first is not the showing device: the relay way ends, the code unspent.
                    guard let shown = try await ShortCodeConnection.awaitShown(over: transport), await self.takeCodeAttempt() else { return false }
                    await self.carried(by: relay)
                    if let failure = await self.typeCode(code, over: shown, channelBinding: []) { await self.codeFailed(failure) }
                    return true
                }
                if ran { return true }
            } catch {
                relayProblem = error
                return false
            }
            if ContinuousClock.now - entered < Self.briefRoom { return false }
        }
        return false
    }

    /// The attempt on a typed code failed: said when the run ends.
    func codeFailed(_ failure: ShortCodeError) {
        codeFailure = failure
    }
}
