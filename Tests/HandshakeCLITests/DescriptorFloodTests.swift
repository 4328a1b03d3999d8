import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeTestSupport
import Testing

/// Issue 34's crash, tried again: `handshake serve` under the open-file limit systemd gives a service by
/// default (`ulimit -n 1024`), while 1,100 idle TCP connections are held (each reopened when the server
/// closes it) and 1,000 workers keep asking for one account's event stream, beside a client loading
/// `/health` every 100 ms from a process of its own (Load/descriptor_flood.py). Before, libdispatch
/// trapped (`Illegal instruction`) once no descriptor was left, within 5–23 s. Now the process stays up, `/health` is answered
/// throughout, at most 8 streams of the account are open at once, and every refusal is a 503 or a 429
/// with its sentence. The hold lasts `HANDSHAKE_FLOOD_SECONDS` (default 12; the drill is 40).
@Suite(.serialized, .tags(.runsAlone)) struct DescriptorFloodTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Load/descriptor_flood.py")
    static var seconds: Int { ProcessInfo.processInfo.environment["HANDSHAKE_FLOOD_SECONDS"].flatMap { Int($0) } ?? 12 }

    @Test(arguments: ServeCommandTests.Database.allCases) func aFloodOfIdleConnectionsAndStreamsUnder1024DescriptorsLeavesTheServerServing(
        _ backend: ServeCommandTests.Database
    ) async throws {
        let cli = try CLI()
        let port = CLI.serverPort()
        let (database, dropDatabase) = try ServeCommandTests.database(for: backend)
        defer { dropDatabase() }
        // The limit is set in the shell that then becomes the server, as systemd sets it for a service.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c", "ulimit -n 1024 && exec \"$0\" \"$@\"", try CLI.binary.path, "serve", "--port", String(port),
            "--public-url", "http://127.0.0.1:\(port)",
        ] + (database.map { ["--database", $0] } ?? [])
        process.environment = ProcessInfo.processInfo.environment.merging(["HANDSHAKE_HOME": cli.home.path]) { $1 }
        let log = cli.file("serve.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let server = ServeCommandTests.Server(process: process, port: port)
        try await server.waitUntilHealthy()
        let startLog = try String(contentsOf: log, encoding: .utf8)
        #expect(startLog.contains("open-file limit 1024: up to"), "the start-up log should say the caps: \(startLog)")

        let token = try await server.signIn(Identity.generate())
        let flood = try await CLI.runTool("python3", [Self.script.path, String(port), token, String(Self.seconds), "1100", "1000"])
        #expect(flood.status == 0, "\(flood.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(flood.stdout.utf8)) as? [String: Any], "\(flood.stdout)\(flood.stderr)")
        let summary = String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self)

        // Alive, and healthy once the flood has gone.
        let logSoFar = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(process.isRunning, "the server died: \(logSoFar.suffix(2000))")
        #expect(try await server.call("GET", "/health").0 == 200)
        // `/health` was answered throughout: no attempt went unanswered (5 s for each connect and read), and 90 % were
        // 200. (The probe runs in a process of its own. How long the longest took is printed, not asserted:
        // it follows the machine's load — 2 to 5 s on two cores shared with three builds.)
        let total = try #require(report["health_total"] as? Int)
        let ok = try #require(report["health_ok"] as? Int)
        #expect(report["health_unanswered"] as? Int == 0, "\(summary)")
        #expect(total > 0 && ok * 10 >= total * 9, "\(summary)")
        // The flood really filled the server: idle connections were closed to make room, and streams refused.
        #expect((report["idle_closed_by_server"] as? Int ?? 0) > 0, "\(summary)")
        #expect((report["streams_open_max"] as? Int ?? 99) <= 8, "\(summary)")
        #expect((report["streams_granted"] as? Int ?? 0) >= 1, "\(summary)")
        // Every refusal was a 503 or a 429 in the API's shape, with a sentence.
        let refusals = try #require(report["refusals"] as? [String: Int])
        #expect(Set(refusals.keys).isSubset(of: ["429", "503"]) && refusals["429", default: 0] > 0, "\(summary)")
        #expect((report["bad_refusals"] as? [Any])?.isEmpty == true, "\(summary)")

        // The log counted the refusals rather than writing a line for each.
        #expect(try await server.stop() == 0)
        let written = try String(contentsOf: log, encoding: .utf8)
        #expect(written.contains("refused in the last 10 s:"), "\(written.suffix(3000))")
        let refusedTotal = refusals.values.reduce(0, +)
        let requestLines = written.split(separator: "\n").filter { $0.contains("status=429") || $0.contains("status=503") }.count
        #expect(requestLines < max(20, refusedTotal / 10), "\(requestLines) lines for \(refusedTotal) refusals")
        print("descriptor flood (\(backend), \(Self.seconds) s): \(summary); log \(written.utf8.count) bytes")
    }
}
