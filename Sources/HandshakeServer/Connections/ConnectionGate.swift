// Establishes the one count of connections every connection's handler and the accept loop consult, so the
// caps of a `DescriptorBudget` hold however many clients connect at once: accepting pauses at the socket
// cap, a connection past the connection cap takes the place of the longest-idle one (or is refused when
// every connection has a request in flight), and idle ones are closed early under pressure.
import Hummingbird
import HummingbirdCore
import NIOCore
import Synchronization

/// The connections of one server, counted against its ``DescriptorBudget``.
///
/// Two counts: sockets accepted (from the accept loop, through ``acceptDelegate``: at
/// ``DescriptorBudget/sockets`` the loop stops accepting until one closes) and places among the
/// connections served (each connection's ``ConnectionGuardHandler`` asks ``admit(_:)`` once). While every
/// place is taken, a new connection is given the place of the connection that has been idle longest (no
/// request in flight), which is closed: a client with something to ask gets in before one that holds a
/// connection open for nothing. Only when every place has a request in flight is the newcomer refused.
final class ConnectionGate: Sendable {
    let budget: DescriptorBudget
    let metrics: MailboxMetrics
    let floods: FloodLog
    private let state = Mutex(State())

    /// A served connection's number in the gate.
    typealias Place = UInt64

    private struct State {
        var accepted = 0
        var served = 0
        var nextPlace: Place = 0
        var channels: [Place: any Channel] = [:]
        /// The served connections with no request in flight, by the turn at which they became idle.
        var idle: [Place: UInt64] = [:]
        /// Idle places in the order they became idle, as (place, turn); an entry whose turn is no longer
        /// the place's in ``idle`` is stale and skipped.
        var order: [(place: Place, turn: UInt64)] = []
        var orderStart = 0
        var turn: UInt64 = 0
        /// Places handed to a newcomer whose old connection has not closed yet.
        var handedOver: Set<Place> = []

        mutating func markIdle(_ place: Place) {
            turn += 1
            idle[place] = turn
            order.append((place, turn))
        }

        /// The connection idle longest, taken out of the idle set.
        mutating func takeLongestIdle() -> Place? {
            defer {
                // Keeps the queue from growing without end: drop what has been read once it is half of it.
                if orderStart > 1024, orderStart * 2 > order.count {
                    order.removeFirst(orderStart)
                    orderStart = 0
                }
            }
            while orderStart < order.count {
                let (place, turn) = order[orderStart]
                orderStart += 1
                if idle[place] == turn {
                    idle[place] = nil
                    return place
                }
            }
            return nil
        }
    }

    init(budget: DescriptorBudget, metrics: MailboxMetrics, floods: FloodLog) {
        self.budget = budget
        self.metrics = metrics
        self.floods = floods
    }

    /// The accept loop's side: Hummingbird's server stops reading its listening socket while this says no.
    var acceptDelegate: some AvailableConnectionsDelegate { AcceptDelegate(gate: self) }

    /// A place among the connections served for `channel`, idle until ``busy(_:)``; `nil` when every
    /// place has a request in flight. When every place is taken, the longest-idle connection's is handed
    /// over and that connection closed.
    func admit(_ channel: any Channel) -> Place? {
        let (place, displaced): (Place?, (any Channel)?) = state.withLock { state in
            let place = state.nextPlace
            if state.served < budget.connections {
                state.served += 1
            } else if let oldest = state.takeLongestIdle() {
                state.handedOver.insert(oldest)
                state.nextPlace += 1
                state.channels[place] = channel
                state.markIdle(place)
                return (place, state.channels.removeValue(forKey: oldest))
            } else {
                return (nil, nil)
            }
            state.nextPlace += 1
            state.channels[place] = channel
            state.markIdle(place)
            return (place, nil)
        }
        if let displaced {
            displaced.close(promise: nil)
            closedIdle(reason: "idle connections closed to make room for new ones")
        } else if place != nil {
            metrics.connectionOpened()
        }
        return place
    }

    /// `place` has a request in flight. Returns `false` when its connection was displaced meanwhile (it is
    /// closing: the request must not be served).
    func busy(_ place: Place) -> Bool {
        state.withLock { state in
            guard !state.handedOver.contains(place) else { return false }
            state.idle[place] = nil
            return true
        }
    }

    /// `place` has no request in flight any more.
    func idle(_ place: Place) {
        state.withLock { state in
            guard !state.handedOver.contains(place), state.channels[place] != nil else { return }
            state.markIdle(place)
        }
    }

    /// Gives back the place ``admit(_:)`` took (unless it was handed to another connection already).
    func release(_ place: Place) {
        let freed = state.withLock { state in
            state.idle[place] = nil
            guard state.handedOver.remove(place) == nil else { return false }
            state.channels[place] = nil
            state.served -= 1
            return true
        }
        if freed { metrics.connectionClosed() }
    }

    /// Closes `place` for sitting idle under pressure: gives its place back and counts it. Returns
    /// `false` when it is not idle, or was handed over already.
    func closeIdle(_ place: Place) -> Bool {
        let closed = state.withLock { state in
            guard !state.handedOver.contains(place), state.idle.removeValue(forKey: place) != nil else { return false }
            state.channels[place] = nil
            state.served -= 1
            return true
        }
        if closed {
            metrics.connectionClosed()
            closedIdle()
        }
        return closed
    }

    /// Whether so many connections are served that idle ones should make room.
    var isUnderPressure: Bool { state.withLock { $0.served >= budget.pressureThreshold } }

    /// A connection past the cap was answered `503` (or closed, when it sent no request in time).
    func refused(answered: Bool) {
        metrics.connectionRefused()
        floods.count(answered ? "connections past the cap answered 503 server_busy" : "connections past the cap closed without a request")
    }

    /// A kept-alive connection was closed for sitting idle under pressure.
    func closedIdle(reason: String = "idle connections closed early under pressure") {
        metrics.connectionClosedIdle()
        floods.count(reason)
    }

    fileprivate func socketAccepted() { state.withLock { $0.accepted += 1 } }
    fileprivate func socketClosed() { state.withLock { $0.accepted -= 1 } }
    fileprivate var isAccepting: Bool { state.withLock { $0.accepted < budget.sockets } }
}

/// Hummingbird's hook into its accept loop, counting sockets in the gate.
private struct AcceptDelegate: AvailableConnectionsDelegate {
    let gate: ConnectionGate
    func connectionOpened() { gate.socketAccepted() }
    func connectionClosed() { gate.socketClosed() }
    func isAcceptingNewConnections() -> Bool { gate.isAccepting }
}
