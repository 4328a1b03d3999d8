import Foundation
import HandshakeMailbox
import HandshakeServer
import HandshakeTestSupport
import HTTPTypes
import Testing

/// A PostgreSQL cluster of the test's own goes away under a serving mailbox and comes back: requests are
/// refused with `503 database_unavailable` and `Retry-After` instead of hanging, and served again once the
/// database answers. A start against a database that refuses for good says why at once.
@Suite(.serialized, .tags(.runsAlone)) struct DatabaseOutageTests {
    /// The longest a request may take to be answered during an outage, and the longest the mailbox may
    /// take to serve again once the database is back (issue #25's bound for both).
    static let bound: Duration = .seconds(5)

    @Test func requestsAreRefusedWith503DuringAnOutageAndServedSoonAfterTheDatabaseIsBack() async throws {
        let cluster = try await OwnCluster.start()
        do {
            let storage = PostgresStorage(configuration: try PostgresStorage.Configuration(url: cluster.url), logger: TestPostgres.logger)
            try await TestMailbox(storage: storage).test { client in
                let ada = try await client.person("Ada")
                #expect(try await client.call(.get, "/v1/account", token: ada.token).status == .ok)

                try await cluster.pause()
                for _ in 0..<2 {
                    // The first request notices the outage (within the pool's lease limit); the next is refused at once.
                    let refused = try await withTimeLimit(Self.bound, "an account read") { try await client.call(.get, "/v1/account", token: ada.token) }
                    #expect(refused.status == .serviceUnavailable)
                    #expect(refused.code == "database_unavailable")
                    #expect(refused.headers[.retryAfter] == "5")
                }
                #expect(try await withTimeLimit(Self.bound, "a health check") { try await client.call(.get, "/health") }.status == .serviceUnavailable)

                try await cluster.resume()
                var served = false
                let clock = ContinuousClock()
                let deadline = clock.now + Self.bound
                while !served, clock.now < deadline {
                    served = try await withTimeLimit(Self.bound, "an account read") { try await client.call(.get, "/v1/account", token: ada.token) }.status == .ok
                    if !served { try await Task.sleep(for: .milliseconds(100)) }
                }
                #expect(served, "the mailbox was not serving \(Self.bound) after the database came back")
                #expect(try await client.call(.get, "/health").status == .ok)
            }
        } catch {
            await cluster.stop()
            throw error
        }
        await cluster.stop()
    }

    @Test func aWrongPasswordIsReportedWithItsCauseAtOnce() async throws {
        let cluster = try await OwnCluster.start()
        do {
            var url = try #require(URLComponents(string: cluster.url))
            url.password = "not-the-password"
            let configuration = try PostgresStorage.Configuration(url: try #require(url.string))
            // Given 60 s to wait, it gives up on a refused password straight away.
            var patient = configuration
            patient.startTimeout = .seconds(60)
            let storage = PostgresStorage(configuration: patient, logger: TestPostgres.logger)
            let error = try await Self.startError(of: storage)
            let unavailable = try #require(error as? PostgresUnavailable)
            #expect(unavailable.description.contains("refused the password of user handshake"), "\(unavailable)")

            var missing = try #require(URLComponents(string: cluster.url))
            missing.path = "/no_such_database"
            let noDatabase = PostgresStorage(
                configuration: try PostgresStorage.Configuration(url: try #require(missing.string)), logger: TestPostgres.logger)
            let refused = try await Self.startError(of: noDatabase)
            #expect("\(refused.map { "\($0)" } ?? "started")".contains("has no database no_such_database"))
        } catch {
            await cluster.stop()
            throw error
        }
        await cluster.stop()
    }

    /// What `storage.prepare()` threw (nil if it started), within 10 s: a refusal is reported at once.
    static func startError(of storage: PostgresStorage) async throws -> (any Error)? {
        try await withTimeLimit(.seconds(10), "a start") { () async -> (any Error)? in
            do {
                try await storage.prepare()
                return nil
            } catch {
                return error
            }
        }
    }
}

/// A PostgreSQL cluster started by scripts/start-postgres for one test, which may stop and start it.
struct OwnCluster: Sendable {
    let folder: String
    let url: String
    let script: String

    /// Starts a cluster; with `tls`, with ssl=on and a throwaway CA (``tlsFile(_:)``).
    static func start(tls: Bool = false, file: String = #filePath) async throws -> OwnCluster {
        let script = try ArticleCode.packageRoot(of: file).appendingPathComponent("scripts/start-postgres").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-outage-\(UUID().uuidString)").path
        let output = try await run(script, (tls ? ["--tls"] : []) + [folder])
        let url = try #require(output.split(separator: "\n").last.map(String.init))
        return OwnCluster(folder: folder, url: url, script: script)
    }

    /// Stops the cluster, keeping its files: the database is gone.
    func pause() async throws { try await Self.run(script, ["--pause", folder]) }
    /// Starts it again on the same port.
    func resume() async throws { try await Self.run(script, ["--resume", folder]) }
    /// Stops the postmaster and every process it started with SIGSTOP: a hung database, whose connections
    /// stay open and answer nothing.
    func freeze() async throws { try await Self.run(script, ["--freeze", folder]) }
    /// Lets them run again (SIGCONT).
    func thaw() async throws { try await Self.run(script, ["--thaw", folder]) }
    /// A file of the throwaway CA of a cluster started with `tls`: `ca.crt`, `other-ca.crt`.
    func tlsFile(_ name: String) -> String { "\(folder)/tls/\(name)" }
    /// Stops it and removes its files.
    func stop() async { _ = try? await Self.run(script, ["--stop", folder]) }

    /// Runs the script (which leaves the cluster running behind it) on a thread of its own; its output.
    @discardableResult
    static func run(_ script: String, _ arguments: [String]) async throws -> String {
        let result = try await onOwnThread { try spawnAndWait("bash", [script] + arguments) }
        guard result.status == 0 else { throw TestPostgres.Failure(description: "start-postgres \(arguments.joined(separator: " ")) failed: \(result.stderr)") }
        return result.stdout
    }
}
