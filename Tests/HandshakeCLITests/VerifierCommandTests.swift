import Foundation
import HandshakeTestSupport
import Testing

/// `handshake verifier request` against a real `handshake serve`, answered by `handshake present` from another
/// home: the verifier sees only the fields asked for and allowed, verified by the server; the holder's key
/// is the same each time they answer one verifier and different for another (pairwise), and a decline ends
/// the wait with exit status 1.
@Suite(.serialized) struct VerifierCommandTests {
    /// Runs `verifier request` in `home` in the background, answers it with `answer` once its link is printed,
    /// and returns the verifier's exit status and its outcome line.
    static func presentation(
        verifier: CLI, fields: [String], answer: (String) async throws -> CLI.Result
    ) async throws -> (status: Int32, outcome: [String: Any], answered: CLI.Result) {
        let process = Process()
        process.executableURL = try CLI.binary
        process.arguments = ["verifier", "request", "--json", "--wait", "60"] + fields.flatMap { ["--field", $0] }
        var environment = ProcessInfo.processInfo.environment
        environment["HANDSHAKE_HOME"] = verifier.home.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let lines = PipeLines(output.fileHandleForReading)
        func nextObject() async throws -> [String: Any]? {
            try await lines.next().flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        let made = try #require(try await nextObject(), "the verifier printed no request")
        let link = try #require(made["requestUrl"] as? String)
        let answered = try await answer(link)
        let outcome = try #require(try await nextObject(), "the verifier printed no outcome")
        try await onOwnThread { process.waitUntilExit() }
        return (process.terminationStatus, outcome, answered)
    }

    @Test func aPresentationReachesTheVerifierVerifiedAndPairwise() async throws {
        let server = try await ServeCommandTests.Server.running()
        defer { if server.process.isRunning { server.process.terminate() } }
        let url = server.url

        let door = try CLI()
        let desk = try CLI()
        let ada = try CLI()
        for (home, name) in [(door, "Front Door"), (desk, "Help Desk"), (ada, "Ada Lovelace")] {
            #expect(try await home.run("init", "--name", name).status == 0)
            let registered = try await home.run("server", "register", "--server", url)
            #expect(registered.status == 0, "\(registered.stderr)")
        }
        #expect(try await ada.run("card", "set", "--email", "ada@example.com", "--company", "Analytical Engines").status == 0)

        func present(_ link: String) async throws -> CLI.Result { try await ada.run("present", link, "--yes", "--allow", "name", "--allow", "emails", "--allow", "company") }
        let first = try await Self.presentation(verifier: door, fields: ["name", "emails"], answer: present)
        #expect(first.answered.status == 0, "\(first.answered.stderr)")
        #expect(first.status == 0)
        #expect(first.outcome["status"] as? String == "presented")
        let fields = try #require(first.outcome["fields"] as? [String: Any])
        #expect(fields["name"] as? String == "Ada Lovelace")
        #expect(fields["emails"] as? [String] == ["ada@example.com"])
        #expect(fields["company"] == nil, "allowed, but not asked for")
        #expect(first.outcome["nodeId"] == nil)
        let holder = try #require(first.outcome["holder"] as? String)
        let adaCard = try #require(try JSONSerialization.jsonObject(with: await ada.run("card", "show", "--json").stdoutBytes) as? [String: Any])
        #expect(holder != adaCard["didKey"] as? String, "the verifier saw Ada's own did:key")

        // The same verifier again: the same key (a returning visitor). Another verifier: another key.
        let again = try await Self.presentation(verifier: door, fields: ["name"], answer: present)
        #expect(again.outcome["holder"] as? String == holder)
        let elsewhere = try await Self.presentation(verifier: desk, fields: ["name"], answer: present)
        #expect(elsewhere.outcome["status"] as? String == "presented")
        #expect(elsewhere.outcome["holder"] as? String != holder)

        // A decline (posted by curl as any wallet would: error=access_denied with the request's state) reaches
        // the verifier, which stops waiting with exit status 1.
        let declined = try await Self.presentation(verifier: door, fields: ["name"]) { link in
            let items = URLComponents(string: link)?.queryItems ?? []
            let state = try #require(items.first { $0.name == "state" }?.value)
            let responseURI = try #require(items.first { $0.name == "response_uri" }?.value)
            let posted = try await Tool.run("curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "--data", "error=access_denied&state=\(state)", responseURI)
            return CLI.Result(status: posted.status, stdout: posted.stdout, stderr: posted.stderr, stdoutBytes: Data(posted.stdout.utf8))
        }
        #expect(declined.answered.stdout == "200")
        #expect(declined.outcome["status"] as? String == "declined")
        #expect(declined.status == 1)
        #expect(try await server.stop() == 0)
    }
}
