import Foundation

/// Runs a Python script we did not write the checks of (conformance against `noiseprotocol`, `cbor2`,
/// `ndeflib`, `joserfc`…): a JSON object on standard input, the JSON object it prints read back. A script
/// that fails — a check did not hold, or a module is missing, when its stderr names the `pip install` —
/// throws with the script's own words, so the test fails; nothing is ever skipped.
public enum PythonScript {
    public struct Failure: Error, CustomStringConvertible {
        public let script: String
        public let status: Int32
        public let stderr: String
        public var description: String { "\(script) exited with status \(status): \(stderr)" }

        public init(script: String, status: Int32, stderr: String) {
            self.script = script
            self.status = status
            self.stderr = stderr
        }
    }

    /// Runs `script` with `python3` from PATH, in the script's own folder.
    public static func run(_ script: URL, _ input: [String: Any], arguments: [String] = []) throws -> [String: Any] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-py-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("in.json")
        let outURL = scratch.appendingPathComponent("out.json")
        let errURL = scratch.appendingPathComponent("err.txt")
        try JSONSerialization.data(withJSONObject: input).write(to: inURL)
        // Files, not pipes: a script that prints much cannot block on a full pipe while we wait for it.
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        process.currentDirectoryURL = script.deletingLastPathComponent()
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()

        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        let name = script.lastPathComponent
        guard process.terminationStatus == 0 else { throw Failure(script: name, status: process.terminationStatus, stderr: stderr) }
        guard let object = try JSONSerialization.jsonObject(with: Data(contentsOf: outURL)) as? [String: Any] else {
            throw Failure(script: name, status: 0, stderr: "its output is not a JSON object")
        }
        return object
    }

    /// A script running in the background, for tests that do something else meanwhile (a peer on the
    /// network, a namespace's other end). Its end is waited for without holding a thread.
    public final class Running: Sendable {
        private let scratch: URL
        private let name: String
        private let exited: Task<Int32, Never>

        /// Starts `script` with `input` on its standard input; `prefix` goes before `python3`.
        public init(_ script: URL, _ input: [String: any Sendable], prefix: [String] = []) throws {
            name = script.lastPathComponent
            scratch = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-py-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let inURL = scratch.appendingPathComponent("in.json")
            try JSONSerialization.data(withJSONObject: input).write(to: inURL)
            for file in ["out.json", "err.txt"] {
                _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent(file).path, contents: nil)
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = prefix + ["python3", script.path]
            process.currentDirectoryURL = script.deletingLastPathComponent()
            process.standardInput = try FileHandle(forReadingFrom: inURL)
            process.standardOutput = try FileHandle(forWritingTo: scratch.appendingPathComponent("out.json"))
            process.standardError = try FileHandle(forWritingTo: scratch.appendingPathComponent("err.txt"))
            let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
            process.terminationHandler = { continuation.yield($0.terminationStatus); continuation.finish() }
            try process.run()
            exited = Task { await stream.first { _ in true } ?? -1 }
        }

        /// Waits for the script to end and returns what it printed.
        public func result() async throws -> [String: Any] {
            let status = await exited.value
            defer { try? FileManager.default.removeItem(at: scratch) }
            let stderr = (try? String(contentsOf: scratch.appendingPathComponent("err.txt"), encoding: .utf8)) ?? ""
            guard status == 0 else { throw Failure(script: name, status: status, stderr: stderr) }
            let data = try Data(contentsOf: scratch.appendingPathComponent("out.json"))
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw Failure(script: name, status: 0, stderr: "it printed no JSON object; stderr: \(stderr)")
            }
            return object
        }
    }
}
