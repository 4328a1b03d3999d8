import Foundation
import HandshakeServer
import Testing

/// The server's SQLite file, and the `-wal` and `-shm` files beside it, are readable by their owner alone.
@Suite struct DatabaseFileModeTests {
    @Test func theDatabaseFileAndItsCompanionsAreCreatedOwnerOnly() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-mode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("mailbox.sqlite").path
        let storage = try SQLiteStorage(path: path)
        #expect(await storage.isHealthy())

        // Listed while the storage is open: closing it checkpoints the WAL and removes it.
        let names = try withExtendedLifetime(storage) { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }
        #expect(names.contains("mailbox.sqlite"))
        #expect(names.contains("mailbox.sqlite-wal"))  // the migrations wrote through the WAL
        for name in names {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            let mode = try #require(attributes[.posixPermissions] as? Int)
            #expect(mode & 0o077 == 0, "\(name) has mode \(String(mode, radix: 8)); others could read it")
        }
    }
}
