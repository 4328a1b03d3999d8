import Foundation
import HandshakeCore
import HandshakeServer
import HandshakeTestSupport
import HummingbirdTesting
import Testing

/// Schemathesis (a property-based API tester we did not write) generates requests from
/// docs/api/openapi.yaml against a live server, signed in as an account with a published card, and
/// checks that no response is a 5xx and every response matches the document (status, content type,
/// schema).
@Suite(.tags(.runsAlone)) struct SchemathesisTests {
    /// How long schemathesis may generate requests (SCHEMATHESIS_SECONDS, default 30).
    static var seconds: String { ProcessInfo.processInfo.environment["SCHEMATHESIS_SECONDS"] ?? "30" }

    // One backend at a time: two schemathesis runs at once on two cores time out on their own (10 s reads).
    @Test(.serialized, arguments: Backend.allCases) func schemathesisFindsNoServerErrorAndNoResponseOutsideTheDocument(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend, clock: ManualClock(Date()))
        try await mailbox.test(.live) { client in
            let port = try #require(client.client.port)
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            // Something to find: a pending request to Ada and a live link of hers.
            #expect(try await client.sendRequest(from: bob, to: ada).status == .created)
            _ = try await client.shareToken(for: ada)

            let report = FileManager.default.temporaryDirectory.appendingPathComponent("schemathesis-\(UUID().uuidString).txt")
            _ = FileManager.default.createFile(atPath: report.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: report) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "schemathesis", "run", OpenAPIDocumentTests.document.path, "--url", "http://127.0.0.1:\(port)",
                "--header", "Authorization: Bearer \(ada.token)",
                "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
                // The event streams never end by themselves; EventTests and CardChangeStreamTests read them with curl.
                "--exclude-path", "/v1/events/stream", "--exclude-path", "/v1/card-changes",
                // A busy machine (the rest of the suite runs beside it) can hold one answer past 10 s.
                "--max-time", Self.seconds, "--workers", "1", "--no-color", "--request-timeout", "60",
            ]
            let output = try FileHandle(forWritingTo: report)
            process.standardOutput = output
            process.standardError = output
            try process.run()
            // Wait without blocking a thread: the server under test answers on this same process's threads.
            while process.isRunning { try await Task.sleep(for: .milliseconds(200)) }
            try output.close()
            let text = try String(contentsOf: report, encoding: .utf8)
            // The summary goes to the test log, so a run shows what was covered, not only that it passed.
            if let summary = text.range(of: "SUMMARY") { print("schemathesis " + text[summary.lowerBound...]) }
            #expect(process.terminationStatus == 0, "schemathesis (scripts/install-test-tools installs it) reported:\n\(text.suffix(6000))")
        }
    }
}
