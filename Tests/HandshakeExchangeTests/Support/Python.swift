import Foundation

/// Runs a script of `Conformance/` with a JSON object on standard input and reads the JSON object it prints.
/// A missing Python module makes the script fail, and the test with it: nothing is skipped.
enum Python {
    struct Failure: Error, CustomStringConvertible {
        let script: String
        let status: Int32
        let stderr: String
        var description: String { "\(script) exited with status \(status): \(stderr)" }
    }

    static let conformance = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Conformance")

    static func run(_ script: String, _ input: [String: Any]) throws -> [String: Any] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-py-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("in.json")
        let outURL = scratch.appendingPathComponent("out.json")
        let errURL = scratch.appendingPathComponent("err.txt")
        try JSONSerialization.data(withJSONObject: input).write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", conformance.appendingPathComponent(script).path]
        process.currentDirectoryURL = conformance
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()

        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw Failure(script: script, status: process.terminationStatus, stderr: stderr)
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(contentsOf: outURL)) as? [String: Any] else {
            throw Failure(script: script, status: 0, stderr: "its output is not a JSON object")
        }
        return object
    }
}

extension Array where Element == UInt8 {
    init?(hex: String) {
        guard hex.utf8.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hex.utf8.count / 2)
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
