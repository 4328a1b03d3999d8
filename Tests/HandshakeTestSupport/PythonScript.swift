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

    /// Runs `script` with `python3` from PATH, in the script's own folder. The script's end is waited for
    /// without holding a thread (its termination handler resumes the caller), so the cooperative pool, two
    /// threads in CI, never blocks on a script.
    public static func run(_ script: URL, _ input: [String: Any], arguments: [String] = []) async throws -> [String: Any] {
        let files = try ScriptFiles(input)
        defer { files.remove() }
        let process = try files.process(script, arguments: arguments)
        let status = try await exitStatus(of: process)
        return try files.output(of: script, status: status)
    }

    /// Starts `process` and returns its exit status once it ends, holding no thread meanwhile.
    static func exitStatus(of process: Process) async throws -> Int32 {
        let (ended, continuation) = AsyncStream.makeStream(of: Int32.self, bufferingPolicy: .bufferingNewest(1))
        process.terminationHandler = { continuation.yield($0.terminationStatus); continuation.finish() }
        try process.run()
        return await ended.first { _ in true } ?? -1
    }

    /// A script running in the background, for tests that do something else meanwhile (a peer on the
    /// network, a namespace's other end). Its end is waited for without holding a thread.
    public final class Running: Sendable {
        private let script: URL
        private let files: ScriptFiles
        private let exited: Task<Int32, Never>

        /// Starts `script` with `input` on its standard input; `prefix` goes before `python3`.
        public init(_ script: URL, _ input: [String: any Sendable], prefix: [String] = []) throws {
            self.script = script
            files = try ScriptFiles(input)
            let process = try files.process(script, prefix: prefix)
            let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
            process.terminationHandler = { continuation.yield($0.terminationStatus); continuation.finish() }
            try process.run()
            exited = Task { await stream.first { _ in true } ?? -1 }
        }

        /// Waits for the script to end and returns what it printed.
        public func result() async throws -> [String: Any] {
            let status = await exited.value
            defer { files.remove() }
            return try files.output(of: script, status: status)
        }
    }

    /// A run's input, output and error as files in a folder of its own: a script that prints much cannot
    /// block on a full pipe while the test waits for it.
    struct ScriptFiles: Sendable {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-py-\(UUID().uuidString)")
        var input: URL { folder.appendingPathComponent("in.json") }
        var output: URL { folder.appendingPathComponent("out.json") }
        var errors: URL { folder.appendingPathComponent("err.txt") }

        init(_ object: [String: Any]) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: object).write(to: input)
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        }

        /// `python3 script arguments` (after `prefix`), in the script's folder, wired to the files.
        func process(_ script: URL, arguments: [String] = [], prefix: [String] = []) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = prefix + ["python3", script.path] + arguments
            process.currentDirectoryURL = script.deletingLastPathComponent()
            process.standardInput = try FileHandle(forReadingFrom: input)
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: errors)
            return process
        }

        /// The JSON object the script printed, or its failure in its own words.
        func output(of script: URL, status: Int32) throws -> [String: Any] {
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            let name = script.lastPathComponent
            guard status == 0 else { throw Failure(script: name, status: status, stderr: stderr) }
            guard let object = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any] else {
                throw Failure(script: name, status: 0, stderr: "its output is not a JSON object; stderr: \(stderr)")
            }
            return object
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }
}
