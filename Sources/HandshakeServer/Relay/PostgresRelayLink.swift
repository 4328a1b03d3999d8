// Establishes how the sides of a room held by different instances reach each other: each instance LISTENs
// on its own channel (RelayNoticeText.channel) and NOTIFYs the channel of the instance a notice is for,
// one notice at a time, so what one side sends arrives in the order it was sent.
//
// A notice lost on the way (the listening connection broke) is not sent again: the two devices' channel
// then fails end to end (it refuses a gap), or the room ends by its clock; nothing wrong is delivered.
import HandshakeMailbox
import Logging
import PostgresNIO
import ServiceLifecycle

/// Carries this instance's notices to the others on one PostgreSQL database, and theirs to its rooms.
struct PostgresRelayLink: Service {
    let pool: PostgresPool
    let rooms: RelayRooms
    /// The notices ``RelayRooms`` has for seats of other instances, in the order it sent them.
    let outgoing: AsyncStream<RelayNotice>
    let limits: RelayLimits
    let clock: any MailboxClock
    let logger: Logger

    /// Sends and listens until graceful shutdown or cancellation.
    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await send() }
                group.addTask { await listen() }
                await group.next()
                group.cancelAll()
            }
        }
    }

    private func send() async {
        for await notice in outgoing {
            let channel = RelayNoticeText.channel(of: notice.to.instance)
            for payload in RelayNoticeText.payloads(notice) {
                do {
                    _ = try await pool.rows("SELECT pg_notify(\(channel), \(payload))")
                } catch {
                    // During an outage the pool has said so already; this would repeat it per notice.
                    if case MailboxError.databaseUnavailable = error {} else {
                        logger.warning("a relay notice to another instance was not sent", metadata: ["error": "\(String(reflecting: error))"])
                    }
                    break
                }
            }
        }
    }

    private func listen() async {
        let (pool, rooms, clock, logger) = (pool, rooms, clock, logger)
        let instance = rooms.instance
        let messageBytes = limits.messageBytes
        while !Task.isCancelled {
            do {
                try await pool.withConnection(within: nil) { connection in
                    try await connection.listen(on: RelayNoticeText.channel(of: instance)) { notifications in
                        await rooms.hears(true)
                        var reader = RelayNoticeReader(instance: instance, messageBytes: messageBytes)
                        for try await notification in notifications {
                            guard let notice = reader.read(notification.payload) else { continue }
                            await rooms.receive(notice, now: clock.now())
                        }
                    }
                }
            } catch {
                if Task.isCancelled { break }
                if case MailboxError.databaseUnavailable = error {} else {
                    logger.warning("listening for relay notices failed; retrying", metadata: ["error": "\(String(reflecting: error))"])
                }
            }
            await rooms.hears(false)
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
