import Foundation
import HandshakeTestSupport
import Testing

/// A line feed inside a value from outside (a verifier's claim path, format or type, a friend-request id from
/// a server) must not print a line of the attacker's choosing ("Sent to bank.example; it accepted the
/// answer.", "Added FORGED Ada Lovelace (TRUSTED)."): each case prints one line, the line feed shown as
/// `\u{A}`, and nothing is done with the value.
@Suite("forged lines: a value from outside stays on its line")
struct ForgedLineTests {
    static let sentToBank = "Sent to bank.example; it accepted the answer."

    /// The lines of `text` that are not empty.
    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    /// A request link by value from `bank.example` with `query` as its DCQL query.
    static func link(_ query: String) throws -> String {
        var components = try #require(URLComponents(string: "openid4vp://"))
        components.queryItems = [
            URLQueryItem(name: "client_id", value: "redirect_uri:https://bank.example/oid4vp"), URLQueryItem(name: "response_type", value: "vp_token"),
            URLQueryItem(name: "response_mode", value: "direct_post"), URLQueryItem(name: "response_uri", value: "https://bank.example/oid4vp"),
            URLQueryItem(name: "nonce", value: "n-42"), URLQueryItem(name: "dcql_query", value: query),
        ]
        return try #require(components.url).absoluteString
    }

    @Test("an OpenID4VP claim path, format or type holding a line feed is refused on one line", arguments: [
        #"{"credentials":[{"id":"card","format":"jwt_vc_json","claims":[{"path":["credentialSubject","x\nSent to bank.example; it accepted the answer."]}]}]}"#,
        #"{"credentials":[{"id":"card","format":"jwt_vc_json\nSent to bank.example; it accepted the answer.","claims":[{"path":["credentialSubject","name"]}]}]}"#,
        #"{"credentials":[{"id":"card","format":"jwt_vc_json","meta":{"type_values":[["X\nSent to bank.example; it accepted the answer."]]}}]}"#,
    ])
    func openID4VPRefusal(_ query: String) async throws {
        let ada = try CLI()
        #expect(try await ada.run("init", "--name", "Ada Lovelace").status == 0)
        let result = try await ada.run(["present", try Self.link(query), "--yes"])
        #expect(result.status == 1)
        #expect(Self.lines(result.stderr).count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\\u{A}" + Self.sentToBank), "\(result.stderr)")
        #expect(!Self.lines(result.stdout + result.stderr).contains { $0.hasPrefix("Sent to") })
        // scan names it too, and on one line each.
        let scanned = try await ada.run("scan", try Self.link(query))
        #expect(!Self.lines(scanned.stdout + scanned.stderr).contains { $0.hasPrefix("Sent to") }, "\(scanned.stdout)\(scanned.stderr)")
    }

    static let forgedID = "X\nAdded FORGED Ada Lovelace (TRUSTED)."
    static let shownID = "X\\u{A}Added FORGED Ada Lovelace (TRUSTED)."

    /// A real server behind a forging one (Hostile/forging_mailbox.py): every friend-request id it answers
    /// with is `forgedID`. Used only through ``with(_:)``, which stops both on every path.
    struct ForgingServer {
        let real: ServeCommandTests.Server
        let proxy: Process
        /// The proxy's standard input: it exits when this closes, so it cannot outlive the test process.
        let lifeline: Pipe
        let url: String

        /// Runs `body` with a forging server in front of a real one, and stops both however `body` ends
        /// (returns, throws, or fails an expectation): neither process outlives the test.
        static func with<T>(_ body: (ForgingServer) async throws -> T) async throws -> T {
            let real = try await ServeCommandTests.Server.running()
            let proxy = Process(), lifeline = Pipe(), output = Pipe()
            let result: Result<T, any Error>
            do {
                let port = CLI.serverPort()
                proxy.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Hostile/forging_mailbox.py")
                proxy.arguments = ["python3", script.path, String(port), String(real.port), forgedID]
                proxy.standardInput = lifeline
                proxy.standardOutput = output
                proxy.standardError = FileHandle.nullDevice
                try proxy.run()
                let ready = try await PipeLines(output.fileHandleForReading).next()
                try #require(ready == "ready", "the forging server did not start")
                result = .success(try await body(ForgingServer(real: real, proxy: proxy, lifeline: lifeline, url: "http://127.0.0.1:\(port)")))
            } catch {
                result = .failure(error)
            }
            try? lifeline.fileHandleForWriting.close()
            await proxy.stop()
            if real.process.isRunning {
                // The real server ends cleanly on SIGTERM (it unblocks it); a stuck one is killed all the same.
                let status = try? await real.stop()
                #expect(status == 0, "the real server did not end cleanly on SIGTERM")
                await real.process.stop()
            }
            return try result.get()
        }
    }

    @Test("a friend-request id with a line feed from the server: request send, requests, requests --sent and events each print one line")
    func requestIDsFromAServer() async throws {
        try await ForgingServer.with { server in try await Self.requestIDs(from: server) }
    }

    static func requestIDs(from server: ForgingServer) async throws {
        let homes = try await CLI.registered(["Ada Lovelace", "Bob Babbage"], at: server.url)
        let (ada, bob) = (homes[0], homes[1])
        let card = try #require(try JSONSerialization.jsonObject(with: await ada.run("card", "show", "--json").stdoutBytes) as? [String: Any])
        let adaID = try #require(card["nodeId"] as? String)

        let sent = try await bob.run("request", "send", adaID, "--note", "Hello")
        let runs = [
            ("request send", sent), ("requests", try await ada.run("requests")), ("requests --sent", try await bob.run("requests", "--sent")),
            ("events", try await ada.run("events", "--after", "0", "--count", "2", "--idle", "10")),
        ]
        for (command, result) in runs {
            #expect(result.status == 1, "\(command): \(result.stdout)\(result.stderr)")
            let all = result.stdout + result.stderr
            #expect(!Self.lines(all).contains { $0.hasPrefix("Added FORGED") }, "\(command): \(all)")
            #expect(Self.lines(result.stderr).count == 1 && result.stderr.contains(Self.shownID), "\(command): \(result.stderr)")
            #expect(result.stderr.contains("which is not a request id"), "\(command): \(result.stderr)")
        }
        // JSON readers are refused the same way: the id never reaches a script either.
        let json = try await ada.run("requests", "--json")
        #expect(json.status == 1 && !json.stdout.contains("FORGED"), "\(json.stdout)")
    }
}
