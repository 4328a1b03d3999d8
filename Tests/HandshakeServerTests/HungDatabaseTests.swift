import Foundation
import HandshakeServer
import HandshakeTestSupport
import HTTPTypes
import Synchronization
import Testing

/// A database that stops answering without going away: a PostgreSQL whose postmaster and backends are
/// stopped by SIGSTOP (connections stay open, nothing answers), and a SQLite file another program holds
/// locked. Under load, every request is answered within 5 s, `503 database_unavailable` with `Retry-After`
/// while it lasts; the mailbox serves again within 2 s of the database running again, and every link it
/// acknowledged is there afterwards.
@Suite(.serialized, .tags(.runsAlone)) struct HungDatabaseTests {
    /// The longest any request may take to be answered.
    static let answerBound: Duration = .seconds(5)
    /// The longest the mailbox may take to serve again once the database runs.
    static let recoveryBound: Duration = .seconds(2)
    /// How long the database stays stopped: longer than the answer bound, so answers within it show that
    /// requests do not wait for the database.
    static let hang: Duration = .seconds(8)

    @Test func aStoppedPostgreSQLIsAnswered503WithinSecondsAndServedSoonAfterItRuns() async throws {
        let cluster = try await OwnCluster.start()
        do {
            let storage = PostgresStorage(configuration: try PostgresStorage.Configuration(url: cluster.url), logger: TestPostgres.logger)
            var mailbox = TestMailbox(storage: storage)
            mailbox.server.policy.shareLinksPerWindow = 1_000_000
            try await mailbox.test { client in
                let drill = try await Self.drill(client, stop: { try await cluster.freeze() }, resume: { try await cluster.thaw() }) {
                    // A health check at the start of the hang: the 2 s docs/server.md promises.
                    let clock = ContinuousClock()
                    let asked = clock.now
                    let health = try await client.call(.get, "/health")
                    return (health.status, clock.now - asked)
                }
                #expect(drill.during?.0 == .serviceUnavailable)
                #expect(drill.during.map { $0.1 < .milliseconds(2500) } == true, "/health took \(String(describing: drill.during?.1))")
            }
        } catch {
            await cluster.stop()
            throw error
        }
        await cluster.stop()
    }

    @Test func aLockedSQLiteFileIsAnswered503WithinSecondsAndServedOnceItIsFree() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-locked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("server.sqlite").path
        var mailbox = TestMailbox(storage: try SQLiteStorage(path: path))
        mailbox.server.policy.shareLinksPerWindow = 1_000_000
        let holder = LockHolder(path: path)
        defer { holder.end() }
        try await mailbox.test { client in
            _ = try await Self.drill(client, stop: { try await holder.lock() }, resume: { try holder.unlock() }) { () }
        }
    }

    /// What one request of the load saw: when it was sent and answered (from the drill's start), and how.
    struct Outcome: Sendable {
        let sent: Duration
        let took: Duration
        let status: HTTPResponse.Status
        let code: String?
        let retryAfter: String?
        let token: String?
        var answered: Duration { sent + took }
    }

    /// The outcomes of the load so far, and whether it should stop.
    final class Log: Sendable {
        private let state = Mutex((outcomes: [Outcome](), over: false))
        func record(_ outcome: Outcome) { state.withLock { $0.outcomes.append(outcome) } }
        func end() { state.withLock { $0.over = true } }
        var isOver: Bool { state.withLock { $0.over } }
        var outcomes: [Outcome] { state.withLock { $0.outcomes } }
    }

    /// Four clients create share links without pause; a second in, `stop` takes the database away, `probe`
    /// runs, and after ``hang`` `resume` gives it back; the load goes on until a link made after that is
    /// acknowledged (or 10 s). Checks every bound, prints the figures, and returns what `probe` saw.
    static func drill<Probe: Sendable>(
        _ client: TestMailbox.Client, stop: @escaping @Sendable () async throws -> Void, resume: @escaping @Sendable () async throws -> Void,
        probe: @escaping @Sendable () async throws -> Probe
    ) async throws -> (during: Probe?, outcomes: [Outcome]) {
        let ada = try await client.person("Ada")
        let log = Log()
        let clock = ContinuousClock()
        let start = clock.now
        var during: Probe?
        var (stoppedAt, resumedAt) = (Duration.zero, Duration.zero)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    while !log.isOver {
                        let sent = clock.now
                        let response = try await client.call(.post, "/v1/share-links", token: ada.token)
                        log.record(
                            Outcome(
                                sent: sent - start, took: clock.now - sent, status: response.status, code: response.code,
                                retryAfter: response.headers[.retryAfter], token: (try? response.object())?["token"] as? String))
                        if response.status != .created { try await Task.sleep(for: .milliseconds(50)) }
                    }
                }
            }
            try await Task.sleep(for: .seconds(1))
            try await stop()
            // The hang starts once the database is away: a request sent while `stop` was still taking it
            // (starting the sqlite3 shell, signalling the postmaster) may rightly be answered 201.
            stoppedAt = clock.now - start
            during = try await probe()
            try await Task.sleep(for: hang - (clock.now - start - stoppedAt))
            resumedAt = clock.now - start
            try await resume()
            let deadline = clock.now + .seconds(10)
            while clock.now < deadline, !log.outcomes.contains(where: { $0.status == .created && $0.sent >= resumedAt }) {
                try await Task.sleep(for: .milliseconds(20))
            }
            log.end()
            try await group.waitForAll()
        }
        let outcomes = log.outcomes
        let slowest = outcomes.map(\.took).max() ?? .zero
        #expect(slowest < answerBound, "a request took \(slowest)")
        // While the database was away, every answer was a 503 with Retry-After.
        let inHang = outcomes.filter { $0.sent >= stoppedAt && $0.answered <= resumedAt }
        #expect(!inHang.isEmpty)
        for outcome in inHang {
            #expect(outcome.status == .serviceUnavailable && outcome.code == "database_unavailable" && outcome.retryAfter == "5", "\(outcome)")
        }
        let refused = outcomes.filter { $0.status == .serviceUnavailable }
        #expect(outcomes.allSatisfy { $0.status == .created || $0.status == .serviceUnavailable }, "\(outcomes.filter { $0.status != .created && $0.status != .serviceUnavailable })")
        let servedAgain = outcomes.filter { $0.status == .created && $0.sent >= resumedAt }.map(\.answered).min()
        let recovery = servedAgain.map { $0 - resumedAt }
        #expect(recovery.map { $0 <= recoveryBound } == true, "served again \(String(describing: recovery)) after the database ran again")
        // Nothing acknowledged was lost: every link answered 201 resolves.
        let acknowledged = outcomes.compactMap(\.token)
        for token in acknowledged {
            #expect(try await client.call(.get, "/v1/share-links/\(token)").status == .ok, "link \(token) was acknowledged but is gone")
        }
        func seconds(_ duration: Duration) -> String {
            String(format: "%.2f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        }
        print(
            """
            hung-database drill: \(outcomes.count) requests, \(acknowledged.count) acknowledged (all found afterwards), \(refused.count) answered 503; \
            slowest answer \(seconds(slowest)) (of those sent during the stop \(seconds(inHang.map(\.took).max() ?? .zero))); \
            served again \(recovery.map(seconds) ?? "never") after it ran again
            """)
        return (during, outcomes)
    }
}

/// A `sqlite3` shell holding a database file's write lock (`BEGIN EXCLUSIVE`) until told to commit: another
/// program keeping the server's writes waiting.
final class LockHolder: @unchecked Sendable {
    let path: String
    private let guarding = NSLock()
    private var process: Process?
    private var input: Pipe?

    init(path: String) { self.path = path }

    /// Starts the shell and returns once it holds the lock.
    func lock() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        guarding.withLock { (self.process, self.input) = (process, input) }
        // The server writes without pause, so the lock may be busy for a moment: the shell waits for it
        // (.timeout) and ends at an error (.bail) rather than printing "locked" without holding it.
        input.fileHandleForWriting.write(Data(".bail on\n.timeout 10000\nBEGIN EXCLUSIVE;\nSELECT 'locked';\n".utf8))
        let lines = PipeLines(output.fileHandleForReading)
        while let line = try await lines.next() {
            if line.contains("locked") { return }
        }
        throw TestPostgres.Failure(description: "sqlite3 did not take the lock on \(path)")
    }

    /// Commits, which lets the lock go, and ends the shell.
    func unlock() throws {
        let (process, input) = guarding.withLock { (self.process, self.input) }
        guard let process, let input else { return }
        input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Ends the shell if it still runs.
    func end() {
        guard let process = guarding.withLock({ self.process }), process.isRunning else { return }
        _ = kill(process.processIdentifier, SIGKILL)
    }
}
