// Runs a Python script of `Conformance/` (optionally inside a network namespace) with a JSON object on
// standard input and reads the JSON object it prints. It can run in the background while the test does
// something else. A missing Python module makes the script fail, and the test with it: nothing is skipped.

import Foundation

/// One run of a conformance script.
final class ConformanceScript: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Conformance")

    private let process: Process
    private let scratch: URL
    private let name: String
    private let exited: Task<Int32, Never>

    /// Starts `script` with `input`; `prefix` goes before `python3` (e.g. `ip netns exec NS`).
    init(_ script: String, _ input: [String: any Sendable], prefix: [String] = []) throws {
        name = script
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-mdns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let inURL = scratch.appendingPathComponent("in.json")
        try JSONSerialization.data(withJSONObject: input).write(to: inURL)
        for file in ["out.json", "err.txt"] {
            _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent(file).path, contents: nil)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = prefix + ["python3", Self.directory.appendingPathComponent(script).path]
        process.currentDirectoryURL = Self.directory
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: scratch.appendingPathComponent("out.json"))
        process.standardError = try FileHandle(forWritingTo: scratch.appendingPathComponent("err.txt"))
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = { continuation.yield($0.terminationStatus); continuation.finish() }
        try process.run()
        self.process = process
        exited = Task { await stream.first { _ in true } ?? -1 }
    }

    /// Waits for the script to end and returns what it printed.
    func result() async throws -> [String: Any] {
        let status = await exited.value
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stderr = (try? String(contentsOf: scratch.appendingPathComponent("err.txt"), encoding: .utf8)) ?? ""
        guard status == 0 else { throw Failure(description: "\(name) exited with status \(status): \(stderr)") }
        let data = try Data(contentsOf: scratch.appendingPathComponent("out.json"))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "\(name) printed no JSON object; stderr: \(stderr)")
        }
        return object
    }

    /// Runs `script` to its end.
    static func run(_ script: String, _ input: [String: any Sendable], prefix: [String] = []) async throws -> [String: Any] {
        try await ConformanceScript(script, input, prefix: prefix).result()
    }
}

extension Array where Element == UInt8 {
    init?(hex: String) {
        guard hex.utf8.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        self = bytes
    }

    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
