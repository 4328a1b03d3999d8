import Foundation
import HandshakeServer
import HandshakeTestSupport
import Testing

/// The restore drill: a backup is taken, more events are recorded (a client sees ids up to H), the live
/// database is lost and the backup restored, the server starts again and new events are recorded. A client
/// resuming from H gets every one of them: ids continue above any id issued before the restore
/// (``EventNumbering``). Both backends, restored as docs/server.md tells an operator to.
@Suite(.serialized) struct EventRestoreTests {
    /// Ada's events after `after` (their types), as a client resuming from `after` reads them.
    static func events(_ client: TestMailbox.Client, of person: Person, after: Int64) async throws -> [[String: Any]] {
        let response = try await client.call(.get, "/v1/events?after=\(after)", token: person.token)
        #expect(response.status == .ok)
        return try #require(try response.object()["events"] as? [[String: Any]])
    }

    /// Bob sends Ada a request, then Carol does: four events of Ada's (a request and a badge each).
    /// Returns the highest id Ada has seen.
    static func twoRequests(_ client: TestMailbox.Client, to ada: Person, after: Int64) async throws -> Int64 {
        for name in ["Bob", "Carol"] {
            let sender = try await client.person(name)
            #expect(try await client.sendRequest(from: sender, to: ada).status == .created)
        }
        let seen = try await events(client, of: ada, after: after)
        #expect(seen.count == 4)
        return Int64(try #require(seen.last?["id"] as? Int))
    }

    /// After the restore: Dave sends Ada a request; a client resuming from `highest` gets both of its events,
    /// with ids above `highest`.
    static func afterTheRestore(_ client: TestMailbox.Client, ada: Person, highest: Int64) async throws {
        let dave = try await client.person("Dave")
        #expect(try await client.sendRequest(from: dave, to: ada).status == .created)
        let resumed = try await events(client, of: ada, after: highest)
        #expect(resumed.map { $0["type"] as? String } == ["friendRequestReceived", "badge"], "a client resuming from \(highest) saw \(resumed)")
        #expect(resumed.first?["peer"] as? String == dave.nodeID)
        #expect(resumed.compactMap { $0["id"] as? Int }.allSatisfy { Int64($0) > highest })
    }

    @Test func aClientResumingAfterASQLiteRestoreGetsEveryNewEvent() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-restore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let live = folder.appendingPathComponent("server.sqlite").path
        let backup = folder.appendingPathComponent("backup.sqlite").path
        let clock = ManualClock()

        let (ada, highest) = try await TestMailbox(storage: try SQLiteStorage(path: live, answerLimit: TestMailbox.answerLimit), clock: clock).test { client in
            let ada = try await client.person("Ada")
            let beforeBackup = try await Self.twoRequests(client, to: ada, after: 0)
            // The operator's online backup, while the server writes.
            let copied = try await onOwnThread { try spawnAndWait("sqlite3", [live, ".backup '\(backup)'"]) }
            #expect(copied.status == 0, "\(copied.stderr)")
            clock.advance(by: 60)
            return (ada, try await Self.twoRequests(client, to: ada, after: beforeBackup))
        }
        // The live file is lost; the backup takes its place (docs/server.md's restore).
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: live + suffix) }
        try FileManager.default.copyItem(atPath: backup, toPath: live)
        clock.advance(by: 60)
        try await TestMailbox(storage: try SQLiteStorage(path: live, answerLimit: TestMailbox.answerLimit), clock: clock).test { client in
            try await Self.afterTheRestore(client, ada: ada, highest: highest)
        }
    }

    @Test func aClientResumingAfterAPostgreSQLRestoreGetsEveryNewEvent() async throws {
        let url = try TestPostgres.url()
        let schema = try await TestPostgres.createSchema()
        let dump = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-restore-\(UUID().uuidString).dump").path
        defer { try? FileManager.default.removeItem(atPath: dump) }
        let clock = ManualClock()
        let outcome: Result<Void, any Error>
        do {
            let (ada, highest) = try await TestMailbox(storage: try TestPostgres.storage(schema: schema), clock: clock).test { client in
                let ada = try await client.person("Ada")
                let beforeBackup = try await Self.twoRequests(client, to: ada, after: 0)
                // The operator's backup: pg_dump of the mailbox's schema.
                let dumped = try await onOwnThread { try spawnAndWait(try Self.tool("pg_dump"), ["--dbname=\(url)", "--schema=\(schema)", "--format=custom", "--file=\(dump)"]) }
                #expect(dumped.status == 0, "\(dumped.stderr)")
                clock.advance(by: 60)
                return (ada, try await Self.twoRequests(client, to: ada, after: beforeBackup))
            }
            // The live schema is lost; the dump is restored in its place.
            try await TestPostgres.dropSchema(schema)
            let restored = try await onOwnThread { try spawnAndWait(try Self.tool("pg_restore"), ["--dbname=\(url)", dump]) }
            #expect(restored.status == 0, "\(restored.stderr)")
            clock.advance(by: 60)
            try await TestMailbox(storage: try TestPostgres.storage(schema: schema), clock: clock).test { client in
                try await Self.afterTheRestore(client, ada: ada, highest: highest)
            }
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        try? await TestPostgres.dropSchema(schema)
        try outcome.get()
    }

    /// PostgreSQL's own `pg_dump` or `pg_restore` (Debian's server package, the version of the test cluster).
    static func tool(_ name: String) throws -> String {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let newest = folders.compactMap { Int($0) }.max()
        guard let newest, FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\(newest)/bin/\(name)") else {
            throw TestPostgres.Failure(description: "\(name) is not installed (apt-get install postgresql; scripts/install-test-tools does it).")
        }
        return "/usr/lib/postgresql/\(newest)/bin/\(name)"
    }
}
