import Benchmark
import Foundation
import GRDB
import HandshakeCore
import HandshakeStore

/// The contact book at 100,000 contacts: importing them (beside a bare SQLite insert loop of the same rows,
/// same batching, on the same run) and listing and searching them.
let benchmarks: @Sendable () -> Void = {
    let count = 100_000
    let entries = (0..<count).map { index in
        CardFields(
            name: "Person \(index)", company: "Company \(index % 500)",
            emails: ["person\(index)@example.com"], phones: ["+1 555 \(String(format: "%07d", index))"]
        )
    }
    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("store-bench-\(UUID().uuidString).sqlite").path
    }
    func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    let importConfiguration = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 3)

    Benchmark("Import 100k contacts (ContactBook)", configuration: importConfiguration) { benchmark in
        let path = temporaryPath()
        defer { remove(path) }
        let book = try ContactBook(path: path)
        benchmark.startMeasurement()
        blackHole(try book.importUnverified(entries, now: Date()))
        benchmark.stopMeasurement()
    }

    // The floor: the same number of rows, batched 1,000 per transaction as the import is, through one
    // prepared statement, with no duplicate check and no record mapping.
    Benchmark("Bare SQLite insert loop, 100k rows", configuration: importConfiguration) { benchmark in
        let path = temporaryPath()
        defer { remove(path) }
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode=WAL")
            try db.execute(sql: "CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT, company TEXT, emails TEXT, phones TEXT)")
        }
        benchmark.startMeasurement()
        for start in stride(from: 0, to: count, by: 1000) {
            try queue.write { db in
                let insert = try db.cachedStatement(sql: "INSERT INTO contact (name, company, emails, phones) VALUES (?, ?, ?, ?)")
                for entry in entries[start..<min(start + 1000, count)] {
                    try insert.execute(arguments: [entry.name, entry.company, entry.emails.first, entry.phones.first])
                }
            }
        }
        benchmark.stopMeasurement()
    }

    // One book of 100k contacts for the queries, built once.
    let queryPath = temporaryPath()
    let book = try! ContactBook(path: queryPath)
    try! book.importUnverified(entries, now: Date())
    let queryConfiguration = Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 2_000)

    Benchmark("Search at 100k: a name (\"Person 99999\", 1 match)", configuration: queryConfiguration) { _ in
        blackHole(try book.contacts(ContactListQuery(search: "Person 99999")))
    }

    Benchmark("Search at 100k: a Node ID prefix (no match)", configuration: queryConfiguration) { _ in
        blackHole(try book.contacts(ContactListQuery(search: "QmXyZ")))
    }

    Benchmark("Search at 100k: a company, first page of 50 (\"Company 1\", 22,200 matches)", configuration: queryConfiguration) { _ in
        blackHole(try book.contacts(ContactListQuery(search: "Company 1", limit: 50)))
    }

    Benchmark("Search at 100k: two characters (\"77\", no trigram index)", configuration: queryConfiguration) { _ in
        blackHole(try book.contacts(ContactListQuery(search: "77", limit: 50)))
    }

    Benchmark("Search at 100k: a rare name, first page of 50 (\"Person 99999\": the walk, then the index)", configuration: queryConfiguration) { _ in
        blackHole(try book.contacts(ContactListQuery(search: "Person 99999", limit: 50)))
    }

    // The floor for the two paged searches: one hand-written query returning the same 50 ids from the
    // same file, with no record decoding and no tags (what SQLite alone costs for that page).
    let bare = try! DatabaseQueue(path: queryPath)
    let barePage = """
        SELECT id FROM contact WHERE name LIKE ?1 OR alias LIKE ?1 OR company LIKE ?1 \
        ORDER BY pinned DESC, displayName, id LIMIT 50
        """
    Benchmark("Bare SQLite at 100k: the same page of \"Company 1\"", configuration: queryConfiguration) { _ in
        blackHole(try bare.read { try Int64.fetchAll($0, sql: barePage, arguments: ["%Company 1%"]) })
    }

    Benchmark("Bare SQLite at 100k: the same page of \"77\"", configuration: queryConfiguration) { _ in
        blackHole(try bare.read { try Int64.fetchAll($0, sql: barePage, arguments: ["%77%"]) })
    }

    Benchmark("List at 100k: first page of 50", configuration: queryConfiguration) { _ in
        blackHole(try book.contacts(ContactListQuery(limit: 50)))
    }

    Benchmark("List at 100k: page 1,000 of 50 (offset 49,950)", configuration: queryConfiguration) { _ in
        blackHole(try book.contacts(ContactListQuery(limit: 50, offset: 49_950)))
    }

    Benchmark("List all 100k contacts", configuration: .init(metrics: [.wallClock], maxDuration: .seconds(20), maxIterations: 20)) { _ in
        blackHole(try book.contacts())
    }
}
