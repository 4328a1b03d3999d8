import Foundation
import HandshakeServer
import HandshakeTestSupport
import PostgresNIO
import Testing

/// After a hung database recovers, the pool serves from a fresh client and retires the old one, which closes
/// what still ran on it within the retire limit (the server's LISTEN, a query hung since the outage). That end
/// is not a new outage: once a spurious one refused every request for a moment, 15 s after each recovery
/// (`scripts/outage-drill --hang 20` saw 4 of 12,000 requests answered 503 at +15.0 s).
@Suite(.serialized, .tags(.runsAlone)) struct RetiredClientTests {
    @Test func whatStillRanOnTheReplacedClientEndsWithoutASecondOutage() async throws {
        let cluster = try await OwnCluster.start()
        do {
            var configuration = try PostgresStorage.Configuration(url: cluster.url)
            configuration.answerLimit = .seconds(2)
            let pool = PostgresPool(configuration: configuration, logger: TestPostgres.logger, probeInterval: .milliseconds(200), retireLimit: .seconds(1))
            let running = Task { await pool.run() }
            defer { running.cancel() }
            try await pool.probe()

            // A use with no limit, the server's LISTEN: it is still on the old client when that retires.
            let (started, start) = AsyncStream.makeStream(of: Void.self)
            let long = Task {
                defer { start.finish() }
                try await pool.withConnection(within: nil) { connection in
                    start.yield()
                    // LISTEN, as PostgresEventRelay does: no statement timeout ends it.
                    try await connection.listen(on: "retired_client_test") { notifications in
                        for try await _ in notifications {}
                    }
                }
            }
            for await _ in started { break }

            // A second pooled connection, open and idle, for the request below to hang on.
            _ = try await pool.rows("SELECT 1")
            // The database hangs: a request past its limit begins the outage; it ends when a probe answers.
            try await cluster.freeze()
            await #expect(throws: (any Error).self) { try await pool.withConnection { connection in _ = try await connection.query("SELECT 1", logger: TestPostgres.logger).collect() } }
            #expect(pool.inOutage)
            try await cluster.thaw()
            for _ in 0..<100 where pool.inOutage { try await Task.sleep(for: .milliseconds(100)) }
            #expect(!pool.inOutage, "the database answers again")
            #expect(pool.outagesBegun == 1)

            // The old client retires within its second, ending the long use; the pool is not in an outage for it.
            await #expect(throws: (any Error).self, "the LISTEN on the retired client ends with it") { try await long.value }
            #expect(pool.outagesBegun == 1, "the replaced client's end was taken for a new outage")
            let answered = try await pool.withConnection(within: .seconds(30)) { connection in
                try await connection.query("SELECT 1", logger: TestPostgres.logger).collect().count
            }
            #expect(answered == 1)
        } catch {
            await cluster.stop()
            throw error
        }
        await cluster.stop()
    }
}
