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
            // A load balancer that checks with HEAD gets the same status, and no body.
            let head = try await client.call(.head, "/health")
            #expect(head.status == .ok)
        }
    }

    /// A NUL where the server expects an id or a state it issued is unknown on both backends (PostgreSQL
    /// cannot compare a text holding a NUL; it answered 500 before).
    @Test(arguments: Backend.allCases) func aNULInAnIdOrStateIsUnknownNotAServerError(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let answer = try await client.call(.post, "/v1/presentations/responses/\(ada.nodeID)", form: "state=%00")
            #expect(answer.status == .notFound && answer.code == "presentation_request_unknown", "\(answer.status)")
            let request = try await client.call(.get, "/v1/friend-requests/%00", token: ada.token)
            #expect(request.status == .notFound && request.code == "unknown_request", "\(request.status)")
            let presentation = try await client.call(.get, "/v1/presentations/requests/a%00b", token: ada.token)
            #expect(presentation.status == .notFound && presentation.code == "presentation_request_unknown", "\(presentation.status)")
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

    /// A path that exists, asked with a method it does not take: 405 and `Allow`, in the one error shape
    /// (a 404 told a client the route did not exist at all).
    @Test func aWrongMethodIsA405ThatSaysWhichMethodsAreAllowed() async throws {
        let mailbox = try await TestMailbox(.sqlite)
        try await mailbox.test { client in
            let health = try await client.call(.delete, "/health")
            #expect(health.status == .methodNotAllowed && health.code == "method_not_allowed")
            #expect(health.headers[.allow] == "GET, HEAD")
            let links = try await client.call(.put, "/v1/share-links")
            #expect(links.status == .methodNotAllowed && links.headers[.allow] == "POST", "\(links.status) \(links.headers[.allow] ?? "-")")
            let link = try await client.call(.patch, "/v1/share-links/0Ab9zZ7qR2sT4uV6wX8yA1bC3dE5fG7hJ9kL2mN4pQ6")
            #expect(link.status == .methodNotAllowed && link.headers[.allow]?.contains("GET") == true, "\(link.headers[.allow] ?? "-")")
            let nowhere = try await client.call(.delete, "/v1/nothing-here")
            #expect(nowhere.status == .notFound && nowhere.headers[.allow] == nil)
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
}
