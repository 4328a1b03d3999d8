import Foundation
import HandshakeCore
import HandshakeStore

// A plain driver for profiling the contact book under perf or callgrind (see docs/performance.md):
//   ProfileStore [COUNT] [import|list|search]...
let arguments = CommandLine.arguments.dropFirst()
let count = arguments.first.flatMap { Int($0) } ?? 100_000
let phases = Set(arguments.dropFirst())
let entries = (0..<count).map { index in
    CardFields(
        name: "Person \(index)", company: "Company \(index % 500)",
        emails: ["person\(index)@example.com"], phones: ["+1 555 \(String(format: "%07d", index))"])
}
let path = FileManager.default.temporaryDirectory.appendingPathComponent("profile-\(UUID().uuidString).sqlite").path
defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }

func timed(_ label: String, _ body: () throws -> Void) rethrows {
    let start = ContinuousClock.now
    try body()
    print(label, ContinuousClock.now - start)
}

let book = try ContactBook(path: path)
try timed("import \(count)") { _ = try book.importUnverified(entries, now: Date()) }
if phases.isEmpty || phases.contains("list") {
    try timed("list all") { _ = try book.contacts() }
}
if phases.isEmpty || phases.contains("search") {
    try timed("search x100") { for _ in 0..<100 { _ = try book.contacts(ContactListQuery(search: "Person 99999")) } }
}
