import Foundation
import HandshakeTestSupport
import Testing

/// The program keeps its session in the home (`session.json`, its owner's alone) and reuses it: a register
/// and three link commands sign in once, as the server's own count of sign-in challenges shows.
@Suite(.serialized) struct SessionReuseCommandTests {
    @Test func commandsReuseTheSessionTheFirstOneKept() async throws {
        let server = try await ServeCommandTests.Server.running()
        defer { if server.process.isRunning { server.process.terminate() } }
        let ada = try CLI()
        #expect(try await ada.run("init", "--name", "Ada").status == 0)
        let registered = try await ada.run("server", "register", "--server", server.url)
        #expect(registered.status == 0, "\(registered.stderr)")
        for _ in 0..<3 {
            let created = try await ada.run("link", "create", "--json")
            #expect(created.status == 0, "\(created.stderr)")
        }
        let kept = ada.file("session.json")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: kept.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)

        let metrics = try await CLI.runTool("curl", ["-s", "\(server.url)/metrics"]).stdout
        let challenges = metrics.split(separator: "\n").filter {
            $0.hasPrefix("handshake_http_requests_total{") && $0.contains("route=\"/v1/auth/challenge\"")
        }
        let count = challenges.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }.reduce(0, +)
        #expect(count == 1, "\(challenges)")
        #expect(try await server.stop() == 0)
    }
}
