// Two ways to meet at once (docs/protocols/nearby-relay.md §4): the local network and the relay on a mailbox
// server. Both start; the first to carry the session wins and the other stops, and a way that cannot carry
// it (no multicast, no route, the relay unreachable) only leaves the other. Nobody met either way is said
// with why the relay could not help.
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange

extension NearbyCoordinator {
    /// Runs `network` and, when there is one, `relay` side by side until one of them says it carried the
    /// session (`true`); a way that ends without doing so, or fails, leaves the other to go on. With no
    /// relay, `network` alone, as before. Throws the network's error when neither carried it.
    func firstOf(_ network: @escaping @MainActor () async throws -> Bool, _ relay: (@MainActor () async throws -> Bool)?) async throws {
        guard let relay else {
            _ = try await network()
            return
        }
        let ends = try await withThrowingTaskGroup(of: WayEnd.self) { group in
            group.addTask { await WayEnd.of(network) }
            group.addTask { await WayEnd.of(relay) }
            defer { group.cancelAll() }
            var ends: [WayEnd] = []
            for try await end in group {
                if case .carried = end { return [end] }
                ends.append(end)
            }
            return ends
        }
        // Neither carried it: the network's failure is what happened, with why the relay did not help.
        guard let failed = ends.compactMap(\.failure).first else { return }
        if let relayProblem { throw NearbyCoordinatorError.notMet(network: Self.sentence(failed), relay: Self.sentence(relayProblem)) }
        throw failed
    }

    /// How one way of meeting ended.
    enum WayEnd: Sendable {
        case carried
        case ended
        case failed(NearbyCoordinatorError)

        var failure: NearbyCoordinatorError? {
            if case .failed(let error) = self { return error }
            return nil
        }

        @MainActor static func of(_ way: @MainActor () async throws -> Bool) async -> WayEnd {
            do {
                return try await way() ? .carried : .ended
            } catch is CancellationError {
                return .ended
            } catch let error as NearbyCoordinatorError {
                return .failed(error)
            } catch {
                return .failed(.transport(NearbyCoordinator.sentence(error)))
            }
        }
    }

    /// An error's sentence: a library's own, or the system's words.
    nonisolated static func sentence(_ error: any Error) -> String {
        (error as? any HandshakeError)?.description ?? "\(error)"
    }

    /// The session runs through `relay`: said on the screens.
    func carried(by relay: RelayServer) {
        relayedBy = relay
        publish()
    }
}
