import Foundation
import HandshakeServer
import Testing

/// `prepare()` reports the migrations it applied, which the start-up log lists: all of them on a new
/// database, none on one already up to date. Both backends name them alike; PostgreSQL has one more, the relay's rooms.
@Suite struct MigrationReportTests {
    @Test func aNewSQLiteFileReportsEveryMigrationAndAnUpToDateOneNone() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-migrations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("server.sqlite").path
        do {
            let first = try SQLiteStorage(path: path)
            #expect(try await first.prepare() == PostgresSchemaNames.sqlite)
        }
        let again = try SQLiteStorage(path: path)
        #expect(try await again.prepare() == [])
    }

    @Test func aNewPostgreSQLSchemaReportsEveryMigrationAndAnUpToDateOneNone() async throws {
        let schema = try await TestPostgres.createSchema(migrated: false)
        let outcome: Result<Void, any Error>
        do {
            let storage = try TestPostgres.storage(schema: schema)
            let reports = try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await storage.pool.run() }
                defer { group.cancelAll() }
                let first = try await storage.prepare()
                return (first, try await storage.prepare())
            }
            #expect(reports.0 == PostgresSchemaNames.all)
            #expect(reports.1 == [])
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        try await TestPostgres.dropSchema(schema)
        try outcome.get()
    }
}
