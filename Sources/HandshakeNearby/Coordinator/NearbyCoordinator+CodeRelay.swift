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

    /// What one stay in a relay room came to.
    enum RoomVisit: Sendable {
        /// The attempt ran here.
        case ran
        /// It did not, and the room ended, with the relay's reason when it gave one.
        case left(ending: (any Error)?)
    }

    /// Waits in the code's room on `relay` until `expiry`, entering again whenever the relay ends the wait,
    /// and makes the attempt with the device that typed the code once its message comes. Whether an attempt
    /// ran here (`false`: the relay could not be used, or the code was met on the network).
    func showCodeAtRelay(_ relay: RelayServer, code: ShortCode, desk: ShortCodeDesk, until expiry: Date) async -> Bool {
        await keepEntering(RelayRoom(rendezvous: code.rendezvous), on: relay, until: expiry, while: { !self.flow.isClaimed && self.codeFailure == nil }) {
            transport in
            do throws(ShortCodeError) { try await ShortCodeConnection.announceShown(over: transport) } catch { return .left(ending: nil) }
            guard let arrived = await ArrivedTransport.awaitingArrival(of: transport), await self.claim(.sharedSecret) else { return .left(ending: nil) }
            await self.carried(by: relay)
            await self.showCode(code, desk: desk, over: arrived, channelBinding: [])
            return .ran
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
            let shown: any ExchangeTransport
            switch try await ShortCodeConnection.awaitShown(over: transport) {
            case .shown(let transport): shown = transport
            case .ended(let ending): return .left(ending: ending)
            }
            guard await self.takeCodeAttempt() else { return .left(ending: nil) }
            await self.carried(by: relay)
            if let failure = await self.typeCode(code, over: shown, channelBinding: []) { await self.codeFailed(failure) }
            return .ran
        }
    }

    /// Enters `room` on `relay` and runs `attempt` there, again each time the relay ends the room without it
    /// running, until `deadline` or until `goesOn` says no more. A relay that cannot be used is kept as the
    /// run's `relayProblem`; a room that ended within ``briefRoom`` was refused (another code's device holds
    /// it, or the relay's limits) and is not entered again, with the relay's reason, when it gave one, kept as
    /// the `relayProblem`. Whether the attempt ran.
    private func keepEntering(
        _ room: RelayRoom, on relay: RelayServer, until deadline: Date, while goesOn: () -> Bool,
        _ attempt: @Sendable @escaping (any ExchangeTransport) async throws -> RoomVisit
    ) async -> Bool {
        while Date() < deadline, goesOn() {
            let entered = ContinuousClock.now
            let visit: RoomVisit
            do {
                visit = try await RelayTransport.run(relay, room: room, attempt)
            } catch {
                relayProblem = error
                return false
            }
            guard case .left(let ending) = visit else { return true }
            if ContinuousClock.now - entered < Self.briefRoom {
                if let ending { relayProblem = ending }
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
