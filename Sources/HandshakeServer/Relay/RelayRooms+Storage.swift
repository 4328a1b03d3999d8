// Establishes where a server's relay rooms are kept, by its storage: one SQLite process keeps them in
// memory; instances sharing a PostgreSQL database keep each room's record there and pass what a room
// carries between them (docs/protocols/nearby-relay.md §3.11), so the two sides of a room may reach
// different instances behind one load balancer.
import ServiceLifecycle

extension MailboxServer {
    /// This instance's rooms, and what must run beside them.
    func makeRelayRooms() -> (RelayRooms, [any Service]) {
        guard let postgres = storage as? PostgresStorage else { return (RelayRooms(limits: policy.relay, metrics: metrics), []) }
        let (outgoing, elsewhere) = AsyncStream.makeStream(of: RelayNotice.self, bufferingPolicy: .unbounded)
        let rooms = RelayRooms(
            limits: policy.relay, metrics: metrics, directory: PostgresRelayDirectory(storage: postgres, limits: policy.relay), elsewhere: elsewhere)
        let link = PostgresRelayLink(pool: postgres.pool, rooms: rooms, outgoing: outgoing, limits: policy.relay, clock: clock, logger: postgres.logger)
        return (rooms, [link])
    }
}
