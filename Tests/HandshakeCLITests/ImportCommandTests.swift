import Foundation
import HandshakeTestSupport
import HandshakeStore
import Testing

@Suite("handshake import")
struct ImportCommandTests {
    static func vcards(_ range: Range<Int>) -> String {
        range.map { "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Person \($0)\r\nEMAIL:person\($0)@example.com\r\nTEL:+1 555 \($0)\r\nEND:VCARD\r\n" }.joined()
    }

    @Test("many vCards: all unverified, duplicates skipped, bad entries reported by position")
    func importing() async throws {
        let cli = try CLI()
        let bad = "BEGIN:VCARD\r\nVERSION:4.0\r\nthis line is not a property\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD\r\n"
        let text = Self.vcards(0..<3) + bad + Self.vcards(3..<6) + Self.vcards(0..<2)
        let path = cli.file("book.vcf")
        try Data(text.utf8).write(to: path)
        let result = try await cli.run("import", path.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Entry 4:"))
        #expect(result.stderr.contains("Entry 5:"))
        #expect(result.stdout.contains("Imported 6 contacts"))
        #expect(result.stdout.contains("2 already there"))
        let contacts = try #require(try JSONSerialization.jsonObject(with: try await cli.run("contacts", "--json").stdoutBytes) as? [[String: Any]])
        #expect(contacts.count == 6)
        #expect(contacts.allSatisfy { $0["verificationStatus"] as? String == "unverified" && $0["nodeId"] == nil && $0["source"] as? String == "import" })
        // A first screenful, in list order; a search through the index.
        let page = try await cli.run("contacts", "--limit", "2")
        #expect(page.stdout.split(separator: "\n").count == 2 && page.stdout.contains("Person 0") && page.stdout.contains("Person 1"))
        #expect(try await cli.run("contacts", "son 4").stdout.contains("Person 4"))
        // Again: nothing new.
        #expect(try await cli.run("import", path.path).stdout.contains("Imported 0 contacts"))
    }

    @Test("a writer killed mid-import leaves every committed contact and a sound database")
    func killedMidImport() async throws {
        let cli = try CLI()
        let total = 60_000
        let path = cli.file("large.vcf")
        try Data(Self.vcards(0..<total).utf8).write(to: path)

        let process = Process()
        process.executableURL = try CLI.binary
        // Small batches: many commits, so the kill lands between (or inside) transactions.
        process.arguments = ["import", "--batch-size", "50", path.path]
        var environment = ProcessInfo.processInfo.environment
        environment["HANDSHAKE_HOME"] = cli.home.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let errorLog = cli.file("import-stderr.txt")
        try Data().write(to: errorLog)
        process.standardError = try FileHandle(forWritingTo: errorLog)
        try process.run()

        // Wait until some batches are committed, as seen by another connection, then kill the writer. The
        // watch polls on a thread of its own: a pool thread busy with other tests could wake it too late.
        let bookPath = cli.home.appendingPathComponent("contacts.sqlite").path
        let (killedWhileRunning, committed) = try await onOwnThread { [process] in
            var watcher: ContactBook?
            var committed = 0
            while committed == 0 && process.isRunning {
                if watcher == nil, FileManager.default.fileExists(atPath: bookPath) {
                    watcher = try? ContactBook(path: bookPath)
                }
                committed = (try? watcher?.count()) ?? 0
                usleep(20_000)
            }
            let running = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return (running, committed)
        }
        let writerSaid = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        #expect(
            killedWhileRunning,
            "the import ended (status \(process.terminationStatus)) before it could be killed; it said: \(writerSaid)")

        let book = try ContactBook(path: bookPath)
        #expect(try book.integrityCheck() == ["ok"])
        let count = try book.count()
        // Everything seen committed before the kill is still there, in whole batches.
        #expect(count >= committed)
        #expect(count % 50 == 0 || count == total)
        let names = Set(try book.contacts().compactMap(\.details.name))
        #expect(names.count == count)
        #expect((0..<count).allSatisfy { names.contains("Person \($0)") })
        // Importing again completes the book without duplicates.
        let rerun = try await cli.run("import", path.path)
        #expect(rerun.status == 0)
        #expect(try book.count() == total)
    }
}
