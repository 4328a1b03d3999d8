import Foundation
import Testing

/// Runs the real `handshake` binary, built next to this test bundle, in a home folder of its own.
struct CLI {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: Data
    }

    static var binary: URL {
        get throws {
            let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("handshake")
            if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
            let bundle = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("handshake")
            try #require(FileManager.default.isExecutableFile(atPath: bundle.path), "the handshake binary was not built next to the tests")
            return bundle
        }
    }

    @discardableResult
    func run(_ arguments: String..., stdin: Data? = nil) throws -> Result {
        try run(arguments, stdin: stdin)
    }

    @discardableResult
    func run(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:]) throws -> Result {
        var environment = ProcessInfo.processInfo.environment
        environment["HANDSHAKE_HOME"] = home.path
        environment.merge(extra) { $1 }
        return try Self.runProcess(try Self.binary, arguments, stdin: stdin, environment: environment)
    }

    /// Runs any program to completion, feeding it `stdin` and collecting both outputs.
    static func runProcess(_ executable: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        // A program may stop reading before the end (an input over its limit): the rest is not written, and
        // the write's broken pipe is an error here rather than a SIGPIPE that ends the test process.
        signal(SIGPIPE, SIG_IGN)
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
        try? input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot fill a pipe and stall the child.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            stdoutBytes: outData
        )
    }

    /// Runs a program found on `PATH` (through `/usr/bin/env`).
    static func runTool(_ name: String, _ arguments: [String], stdin: Data? = nil) throws -> Result {
        try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, stdin: stdin)
    }

    func file(_ name: String) -> URL { home.appendingPathComponent(name) }
}
