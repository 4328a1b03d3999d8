import HandshakeCore
import HandshakeMailbox
import Logging
import PostgresNIO
import ServiceLifecycle

/// Carries events between instances that share one PostgreSQL database: LISTENs on the storage's channel
/// and wakes this instance's streams (``EventBroadcaster/notify(_:)``) for each Node ID another instance
/// (or this one) announced.
///
/// It holds one pooled connection for as long as it runs (a pool has no LISTEN of its own). If the
/// connection drops it listens again after a second and then wakes every stream once, since it cannot
/// know what was announced meanwhile; a woken stream reads the event log, so nothing is lost, only late.
/// It stops on graceful shutdown. What it does not carry: the events themselves — those are in the log.
public struct PostgresEventRelay: Service {
    let pool: PostgresPool
    let channel: String
    let broadcaster: EventBroadcaster
    let logger: Logger

    /// Listens until graceful shutdown or cancellation.
    public func run() async throws {
        let (pool, channel, broadcaster, logger) = (pool, channel, broadcaster, logger)
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await pool.withConnection(within: nil) { connection in
                        try await connection.listen(on: channel) { notifications in
                            await broadcaster.notifyAll()
                            for try await notification in notifications {
                                if let account = NodeID(notification.payload) { await broadcaster.notify([account]) }
                            }
                        }
                    }
                } catch {
                    if Task.isCancelled { break }
                    // During an outage the pool has said so already; this would only repeat it every second.
                    if case MailboxError.databaseUnavailable = error {} else {
                        logger.warning("listening for events failed; retrying", metadata: ["error": "\(String(reflecting: error))"])
                    }
                }
                try await Task.sleep(for: .seconds(1))
            }
        }
    }
}
