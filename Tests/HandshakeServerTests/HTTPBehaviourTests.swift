import Foundation
import HandshakeCore
import HandshakeServer
import Hummingbird
import Testing

/// What every route shares: the health check, the one error shape, the body limit.
@Suite struct HTTPBehaviourTests {
    @Test(arguments: Backend.allCases) func healthSaysOK(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let response = try await client.call(.get, "/health")
            #expect(response.status == .ok)
            #expect(try response.object()["status"] as? String == "ok")
        }
    }

    @Test(arguments: Backend.allCases) func anUnknownRouteIsAJSONNotFound(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let response = try await client.call(.get, "/v1/nothing-here")
            #expect(response.status == .notFound)
            #expect(response.code == "not_found")
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
        }
    }

    @Test(arguments: Backend.allCases) func unreadableJSONIsABadRequestWithAMessage(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let response = try await client.client.execute(
                uri: "/v1/auth/challenge", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{"))
            #expect(response.status == .badRequest)
            #expect(response.code == "bad_request")
            #expect((try response.object()["message"] as? String)?.isEmpty == false)
        }
    }

    @Test(arguments: Backend.allCases) func aBodyOverTheLimitIsRefusedWith413(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let token = try await client.signIn(Identity.generate())
            let huge = [UInt8](repeating: 0x41, count: CardLimits.signedCardBytes + 1)
            let card = try await client.call(.put, "/v1/account/card", token: token, raw: huge)
            #expect(card.status == .contentTooLarge)
            #expect(card.code == "payload_too_large")
            let json = try await client.call(
                .post, "/v1/friend-requests", token: token, json: ["to": "x", "card": String(repeating: "A", count: MailboxContext.maxBodyBytes)])
            #expect(json.code == "payload_too_large")
        }
    }

    @Test func aBodyThatDoesNotArriveInTimeIsRefusedWith408() async throws {
        var policy = MailboxPolicy()
        policy.requestBodyTimeLimit = .seconds(1)
        let mailbox = try await TestMailbox(.sqlite, clock: ManualClock(Date()), policy: policy)
        try await mailbox.test(.live) { client in
            let port = try #require(client.client.port)
            // 6 KB of JSON sent at 1 KB/s: the body needs about 6 s, the limit is 1 s.
            let body = #"{"sigKey": "x"}"# + String(repeating: " ", count: 6_000)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "curl", "-s", "--max-time", "20", "--limit-rate", "1K", "-H", "Expect:", "-H", "Content-Type: application/json",
                "--data-binary", body, "-w", "\\n%{http_code}", "http://127.0.0.1:\(port)/v1/auth/challenge",
            ]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(answer.hasSuffix("\n408"), "\(answer)")
            #expect(answer.contains("request_timeout"))
            // A body that arrives in time is read as usual.
            #expect(try await client.call(.post, "/v1/auth/challenge", json: ["sigKey": "x"]).code == "bad_request")
        }
    }
}
