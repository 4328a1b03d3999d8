// Checks that the system's refusals of a file become words a person reads, from the errors Foundation
// really throws on this system (not from errors the test builds itself).
import Foundation
import HandshakeCore
import Testing

@Suite struct SystemFailureTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("system-failure-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func readingAFolderSaysItIsAFolder() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try Data(contentsOf: folder)
            Issue.record("a folder was read as a file")
        } catch {
            #expect(SystemFailure.reason(of: error) == "it is a folder, not a file", "\(error)")
        }
    }

    @Test func aMissingFileAndAFileInTheWayOfAFolderAreSaidSo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try Data(contentsOf: folder.appendingPathComponent("absent"))
            Issue.record("a missing file was read")
        } catch {
            #expect(SystemFailure.reason(of: error) == "it does not exist", "\(error)")
        }
        let file = folder.appendingPathComponent("plain")
        try Data("x".utf8).write(to: file)
        do {
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
            Issue.record("a folder was made where a file is")
        } catch {
            #expect(SystemFailure.reason(of: error, creatingFolder: true) == "it is a file, not a folder", "\(error)")
        }
    }

    @Test func everyErrnoIsWordsNeverACode() {
        #expect(SystemFailure.reason(errno: ENOSPC) == "the disk is full")
        #expect(SystemFailure.reason(errno: EACCES) == "you are not allowed to (permission denied)")
        #expect(SystemFailure.reason(errno: ENOENT, creatingFolder: true) == "a folder on its path does not exist")
        // One the table does not name: the system's own words, lowercased, with no number.
        let other = SystemFailure.reason(errno: EXDEV)
        #expect(!other.isEmpty && other == other.lowercased() && !other.contains(where: \.isNumber), "\(other)")
    }
}
