// Establishes the background clean-up every instance runs beside its HTTP server: at each interval it
// deletes what PurgeCutoffs says is over, counts it in the metrics and logs it. It ends with the graceful
// shutdown. Several instances may run it at once (PurgeStorage says why that is safe).
import Foundation
import Logging
import ServiceLifecycle

/// The clean-up, as a service of the application.
struct PurgeService: Service {
    let storage: any MailboxStorage
    let clock: any MailboxClock
    let policy: MailboxPolicy
    let metrics: MailboxMetrics
    let logger: Logger

    func run() async throws {
        // The first run waits an interval too: PostgreSQL's migrations run as the server starts.
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: policy.purge.interval) }
            } catch {
                return
            }
            await runOnce()
        }
    }

    /// One clean-up; a failure (the database away) is logged and tried again at the next interval.
    @discardableResult
    func runOnce() async -> PurgeCounts? {
        do {
            let counts = try await storage.purge(PurgeCutoffs(now: clock.now(), policy: policy))
            metrics.purged(counts)
            let total = counts.byTable.reduce(0) { $0 + $1.count }
            if total > 0 {
                logger.info("cleaned up", metadata: Dictionary(uniqueKeysWithValues: counts.byTable.map { ($0.table, "\($0.count)") }))
            }
            return counts
        } catch {
            logger.warning("the clean-up failed; it runs again later", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
