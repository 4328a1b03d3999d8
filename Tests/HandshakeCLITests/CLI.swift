import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HandshakeTestSupport
import Testing

/// Runs the real `handshake` binary, built next to this test bundle, in a home folder of its own.
struct CLI {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    /// A home for each of `names`, each made with that name and registered with the server at `server`.
    static func registered(_ names: [String], at server: String) async throws -> [CLI] {
        var homes: [CLI] = []
        for name in names {
            let home = try CLI()
            #expect(try await home.run("init", "--name", name).status == 0)
            #expect(try await home.run("server", "register", "--server", server).status == 0)
            homes.append(home)
        }
        return homes
    }

    struct Result: Sendable {
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
    func run(_ arguments: String..., stdin: Data? = nil) async throws -> Result {
        try await run(arguments, stdin: stdin)
    }

    @discardableResult
    func run(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:]) async throws -> Result {
        var environment = ProcessInfo.processInfo.environment
        environment["HANDSHAKE_HOME"] = home.path
        environment.merge(extra) { $1 }
        return try await Self.runProcess(try Self.binary, arguments, stdin: stdin, environment: environment)
    }

    /// Runs any program to completion, feeding it `stdin` and collecting both outputs; the wait is on a
    /// thread of its own (``onOwnThread(_:)``), never on the pool the in-process tests share.
    static func runProcess(_ executable: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil) async throws -> Result {
        try await onOwnThread { try runProcessBlocking(executable, arguments, stdin: stdin, environment: environment) }
    }

    private static func runProcessBlocking(_ executable: URL, _ arguments: [String], stdin: Data?, environment: [String: String]?) throws -> Result {
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
    static func runTool(_ name: String, _ arguments: [String], stdin: Data? = nil) async throws -> Result {
        try await runProcess(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, stdin: stdin)
    }

    func file(_ name: String) -> URL { home.appendingPathComponent(name) }

    /// A port for a test server, with the `count - 1` ports after it: chosen at random below Linux's
    /// ephemeral range (32768–60999), where the kernel picks the local port of every outgoing connection
    /// (a server's database clients, curl) that a server started later would otherwise find taken; and
    /// free to bind on loopback when chosen.
    static func serverPort(count: Int = 1) -> Int {
        while true {
            let first = Int.random(in: 10_000...(32_000 - count))
            if (first..<first + count).allSatisfy(isFree) { return first }
        }
    }

    private static func isFree(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
