import Foundation
import HandshakeTestSupport
import Testing

/// `handshake add LINK` against servers that misbehave, through the program: a server dripping its answer a
/// byte a second ends at the time limit with a sentence and nothing stored, and the program sleeps while it
/// waits (its CPU time, read from /proc, stays under 5 % of a core); and a mailbox on IPv6 loopback works end
/// to end (register, link, add).
@Suite(.serialized) struct ShareLinkNetworkTests {
    static let token = "0Ab9zZ7qR2sT4uV6wX8yA1bC3dE5fG7hJ9kL2mN4pQ6"

    /// The CPU time (user + system) of process `pid` so far, in clock ticks.
    static func cpuTicks(_ pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The fields after the command name, which is in parentheses and may hold spaces: utime is the 14th field.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    @Test func addAgainstADrippingServerEndsAtItsLimitAsleep() async throws {
        let server = try await HostileHTTPServer(.drip(interval: .seconds(1)))
        defer { Task { await server.stop() } }
        let bob = try CLI()
        #expect(try await bob.run("init", "--name", "Bob").status == 0)

        let process = Process()
        process.executableURL = try CLI.binary
        process.arguments = ["add", "http://127.0.0.1:\(server.port)/share/contact/\(Self.token)", "--yes", "--time-limit", "6"]
        process.environment = ProcessInfo.processInfo.environment.merging(["HANDSHAKE_HOME": bob.home.path]) { $1 }
        let errors = bob.file("add.err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // From the moment the request is in until well before the limit, the program only waits. Measured on
        // a thread of its own, so a busy test pool cannot delay the samples past the program's end.
        let pid = process.processIdentifier
        let samples = try await onOwnThread { () -> (first: Int?, last: Int?, seconds: Double) in
            while server.requestLines.isEmpty && kill(pid, 0) == 0 { usleep(20_000) }
            usleep(300_000)
            let start = ContinuousClock.now
            let first = try? Self.cpuTicks(pid)
            usleep(3_000_000)
            let last = try? Self.cpuTicks(pid)
            return (first, last, (ContinuousClock.now - start) / .seconds(1))
        }
        let said = { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
        guard let first = samples.first, let last = samples.last else {
            Issue.record("the program ended before its time limit: \(said())")
            return
        }
        let share = Double(last - first) / Double(sysconf(Int32(_SC_CLK_TCK))) / samples.seconds
        #expect(share < 0.05, "the program used \(Int(share * 100)) % of a core while it waited")

        for _ in 0..<300 where process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!process.isRunning, "the program did not stop at its time limit")
        #expect(process.terminationStatus == 1)
        #expect(said().contains("Could not reach 127.0.0.1: it did not answer within 6 seconds."), "\(said())")
        let book = try await bob.run("contacts", "--json")
        #expect((try JSONSerialization.jsonObject(with: book.stdoutBytes) as? [Any])?.isEmpty == true, "\(book.stdout)")
    }

    @Test func aMailboxOnIPv6LoopbackWorksEndToEnd() async throws {
        let port = CLI.serverPort()
        let url = "http://[::1]:\(port)"
        let server = try ServeCommandTests.Server.start(try CLI(), port: port, options: ["--host", "::1"], publicURL: url)
        defer { if server.process.isRunning { kill(server.process.processIdentifier, SIGKILL) } }
        let ada = try CLI(), bob = try CLI()
        #expect(try await ada.run("init", "--name", "Ada").status == 0)
        #expect(try await bob.run("init", "--name", "Bob").status == 0)
        var registered = try await ada.run("server", "register", "--server", url)
        for _ in 0..<100 where registered.status != 0 {
            try await Task.sleep(for: .milliseconds(200))
            registered = try await ada.run("server", "register", "--server", url)
        }
        #expect(registered.status == 0, "\(registered.stderr)")

        let created = try await ada.run("link", "create", "--json")
        let link = try #require(try JSONSerialization.jsonObject(with: created.stdoutBytes) as? [String: Any])
        let web = try #require(link["url"] as? String)
        #expect(web.hasPrefix("\(url)/share/contact/"), "\(web)")
        let added = try await bob.run("add", web, "--yes")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try await bob.run("contacts").stdout.contains("Ada"))
    }
}
