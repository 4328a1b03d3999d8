import Foundation

/// Runs the independent tools these tests check against.
public enum Tool {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public static func run(_ arguments: String...) throws -> Result { try run(arguments: arguments) }

    /// Runs a tool that must succeed; its standard output.
    @discardableResult
    public static func require(_ arguments: String...) throws -> String {
        let result = try run(arguments: arguments)
        guard result.status == 0 else { throw Failure("\(arguments.joined(separator: " ")) failed: \(result.stderr)") }
        return result.stdout
    }

    /// Runs a tool found on PATH; a tool that is not installed is an error, never a skip.
    public static func run(arguments: [String]) throws -> Result {
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
