// Establishes how a test runs a tool it checks against (openssl, zbarimg, qrencode, unzip…): to its end, its
// output read back, a missing tool an error. The wait happens on a thread of its own (``onOwnThread(_:)``),
// never on Swift's cooperative pool, which has as many threads as the machine has cores (two in CI): a test
// that blocked one there while a tool ran held back every in-process exchange and server beside it.
import Foundation

/// Runs the independent tools these tests check against.
public enum Tool {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public static func run(_ arguments: String...) async throws -> Result { try await run(arguments: arguments) }

    /// Runs a tool that must succeed; its standard output.
    @discardableResult
    public static func require(_ arguments: String...) async throws -> String {
        let result = try await run(arguments: arguments)
        guard result.status == 0 else { throw Failure("\(arguments.joined(separator: " ")) failed: \(result.stderr)") }
        return result.stdout
    }

    /// Runs a tool found on PATH; a tool that is not installed is an error, never a skip.
    public static func run(arguments: [String]) async throws -> Result {
        try await onOwnThread { try runBlocking(arguments) }
    }

    /// Runs the tool and waits for it, blocking the calling thread: only on a thread of its own.
    private static func runBlocking(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        // Standard error goes to a file, so a tool that writes much there cannot block on a full pipe.
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let result = Result(
            status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
            stderr: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
        if result.status == 127 { throw Failure("\(arguments.first ?? "") is not installed; scripts/install-test-tools installs it") }
        return result
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }
}
