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
    func showCodeAtRelay(_ relay: RelayServer, code: ShortCode, desk: ShortCodeDesk, until expiry: Date) async -> Bool {
        await keepEntering(RelayRoom(rendezvous: code.rendezvous), on: relay, until: expiry, while: { !self.flow.isClaimed && self.codeFailure == nil }) {
            transport in
            do throws(ShortCodeError) { try await ShortCodeConnection.announceShown(over: transport) } catch { return false }
            guard let arrived = await ArrivedTransport.awaitingArrival(of: transport), await self.claim(.sharedSecret) else { return false }
            await self.carried(by: relay)
            await self.showCode(code, desk: desk, over: arrived, channelBinding: [])
            return true
        }
    }

    /// Enters the code's room on `relay` and, once the showing device says it is there, makes the one
    /// attempt; a room that ends with nobody showing (someone else typing a code with the same three first
    /// characters was there) is entered again while the code may still be shown. Whether it ran here.
    func typeCodeAtRelay(_ relay: RelayServer, code: ShortCode) async -> Bool {
        let until = Date().addingTimeInterval(NearbyProtocol.shortCodeLifetime)
        return await keepEntering(RelayRoom(rendezvous: code.rendezvous), on: relay, until: until, while: { !self.codeAttempted }) { transport in
            // Anything but SHOWN first is not the showing device: the relay way ends, the code unspent. A
            // room the relay ended first keeps the relay's reason, said if it is not entered again.
            let watched = EndingWatch(transport)
            guard let shown = try await ShortCodeConnection.awaitShown(over: watched) else {
                await self.roomEnded(await watched.ending.error)
                return false
            }
            guard await self.takeCodeAttempt() else { return false }
            await self.carried(by: relay)
            if let failure = await self.typeCode(code, over: shown, channelBinding: []) { await self.codeFailed(failure) }
            return true
        }
    }

    /// Why the relay ended a room before anything came: the run's `relayProblem` if the room is not entered
    /// again.
    func roomEnded(_ error: (any Error)?) {
        roomEnding = error
    }

    /// Enters `room` on `relay` and runs `attempt` there (whether the attempt ran), again each time the relay
    /// ends the room without one, until `deadline` or until `goesOn` says no more. A relay that cannot be used
    /// is kept as the run's `relayProblem`; a room that ended within ``briefRoom`` was refused (another
    /// code's device holds it, or the relay's limits) and is not entered again, with the relay's reason kept
    /// as the `relayProblem`. Whether the attempt ran.
    private func keepEntering(
        _ room: RelayRoom, on relay: RelayServer, until deadline: Date, while goesOn: () -> Bool,
        _ attempt: @Sendable @escaping (any ExchangeTransport) async throws -> Bool
    ) async -> Bool {
        while Date() < deadline, goesOn() {
            let entered = ContinuousClock.now
            roomEnding = nil
            do {
                if try await RelayTransport.run(relay, room: room, attempt) { return true }
            } catch {
                relayProblem = error
                return false
            }
            if ContinuousClock.now - entered < Self.briefRoom {
                if let roomEnding { relayProblem = roomEnding }
                return false
            }
        }
        return false
    }

    /// The attempt on a typed code failed: said when the run ends.
    func codeFailed(_ failure: ShortCodeError) {
        codeFailure = failure
    }
}
