import Foundation
import HandshakeServer
import HandshakeTestSupport
import PostgresNIO
import Testing

/// A pool whose connections are all busy on a healthy database is not an outage: the request that waited
/// past its limit is answered 503, a probe finds the database answering, and the requests after it are
/// served as usual (an outage would refuse them all at once and end the event streams already answered).
@Suite struct BusyPoolTests {
    @Test func aRequestThatGetsNoConnectionInTimeIsNoOutageWhenTheDatabaseAnswers() async throws {
        var configuration = try PostgresStorage.Configuration(url: try TestPostgres.url())
        configuration.client.options.maximumConnections = 1
        // Long enough for a busy test machine to answer SELECT 1 on a lent connection: a use that was lent one
        // and ran past it is an outage by design.
        configuration.answerLimit = .seconds(2)
        let pool = PostgresPool(configuration: configuration, logger: TestPostgres.logger)
        let running = Task { await pool.run() }
        defer { running.cancel() }
        try await pool.probe()

        // The pool's one connection held by a long use (as a LISTEN holds one).
        let (held, hold) = AsyncStream.makeStream(of: Void.self)
        let (release, letGo) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            // Ends the wait below however the use ends, so a pool that fails to lend the connection fails the test.
            defer { hold.finish() }
            try await pool.withConnection(within: nil) { _ in
                hold.yield()
                for await _ in release {}
            }
        }
        for await _ in held { break }

        await #expect(throws: (any Error).self, "no connection within the limit") {
            try await pool.withConnection { _ in }
        }
        for _ in 0..<100 where pool.checkingBeforeOutage { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!pool.checkingBeforeOutage)
        #expect(!pool.inOutage, "a busy pool was taken for a database that cannot be reached")

        letGo.finish()
        try await holder.value
        // Served as usual: the outage guard lends a connection; the clock here is the test's, not the limit's.
        let answered = try await pool.withConnection(within: .seconds(30)) { connection in
            try await connection.query("SELECT 1", logger: TestPostgres.logger).collect().count
        }
        #expect(answered == 1)
    }
}
