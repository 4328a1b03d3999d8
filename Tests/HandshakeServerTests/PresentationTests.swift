import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeCredentials
@testable import HandshakeServer
import Testing

/// The mailbox as an OpenID4VP verifier, on both backends: a request made by an account, answered by the
/// wallet side of HandshakeCredentials (which the Python verifier of HandshakeCredentialsTests checks
/// independently), verified and recorded once; replays, other requests' answers, wrong states and late
/// answers refused with their codes.
@Suite struct PresentationTests {
    /// The verifier's request: its id, link, the parsed request a wallet reads from the link, and the path
    /// its answer is posted to (the verifier's, shared by all its requests).
    struct Made {
        let id: String
        let link: String
        let request: AuthorizationRequest
        let answerPath: String
    }

    static func makeRequest(_ client: TestMailbox.Client, by verifier: Person, claims: [String], now: Date) async throws -> Made {
        let response = try await client.call(.post, "/v1/presentations/requests", token: verifier.token, json: ["claims": claims])
        #expect(response.status == .created)
        let object = try response.object()
        let id = try #require(object["id"] as? String)
        let link = try #require(object["requestUrl"] as? String)
        let answerPath = "/v1/presentations/responses/\(verifier.nodeID)"
        #expect(object["clientId"] as? String == "redirect_uri:\(TestMailbox.publicURL)\(answerPath)")
        return Made(id: id, link: link, request: try await AuthorizationRequest(url: link, now: now), answerPath: answerPath)
    }

    /// Ada's card with a company and an email, and her answer allowing `allowed`.
    static func answer(_ made: Made, as ada: Person, allowing allowed: Set<PresentableClaim>, now: Date) throws -> PresentationAnswer {
        var profile = CardProfile(identity: ada.identity, now: now)
        try profile.edit(now: now) { card in
            card.name = "Ada Lovelace"
            card.company = "Analytical Engines"
            card.emails = ["ada@example.com"]
        }
        return try PresentationAnswer(
            request: made.request, identity: ada.identity, card: profile.issueCard(identity: ada.identity), allowed: allowed, now: now)
    }

    @Test(arguments: Backend.allCases) func aVerifiedPresentationIsRecordedWithOnlyTheFieldsAskedAndAllowed(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let verifier = try await client.person("Door")
            let ada = try await client.person("Ada")
            let made = try await Self.makeRequest(client, by: verifier, claims: ["name", "emails"], now: mailbox.clock.now())
            #expect(made.request.askedClaims == [.field(.name), .field(.emails)])
            // Every request of one verifier has the same client_id, so a holder's pairwise key is stable.
            let other = try await Self.makeRequest(client, by: verifier, claims: ["name"], now: mailbox.clock.now())
            #expect(other.request.clientID == made.request.clientID)
            let answer = try Self.answer(made, as: ada, allowing: [.field(.name), .field(.emails), .field(.company)], now: mailbox.clock.now())

            let pending = try await client.call(.get, "/v1/presentations/requests/\(made.id)", token: verifier.token)
            #expect(try pending.object()["status"] as? String == "pending")

            let posted = try await client.call(.post, made.answerPath, form: answer.formBody)
            #expect(posted.status == .ok, "\(String(buffer: posted.body))")

            let result = try await client.call(.get, "/v1/presentations/requests/\(made.id)", token: verifier.token)
            let object = try result.object()
            #expect(object["status"] as? String == "presented")
            #expect(object["holder"] as? String == answer.holder.description)
            // Pairwise: not Ada's own did:key, and no Node ID, since she did not present her identity.
            #expect(object["holder"] as? String != ada.identity.didKey.description)
            #expect(object["nodeId"] == nil)
            let fields = try #require(object["fields"] as? [String: Any])
            #expect(fields["name"] as? String == "Ada Lovelace")
            #expect(fields["emails"] as? [String] == ["ada@example.com"])
            #expect(fields["company"] == nil, "company was allowed but not asked for")

            // Another account cannot read the verifier's outcome.
            #expect(try await client.call(.get, "/v1/presentations/requests/\(made.id)", token: ada.token).code == "presentation_request_unknown")
        }
    }

    @Test(arguments: Backend.allCases) func aReplayedPresentationIsRefused(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let verifier = try await client.person("Door")
            let ada = try await client.person("Ada")
            let made = try await Self.makeRequest(client, by: verifier, claims: ["name"], now: mailbox.clock.now())
            let answer = try Self.answer(made, as: ada, allowing: [.field(.name)], now: mailbox.clock.now())
            #expect(try await client.call(.post, made.answerPath, form: answer.formBody).status == .ok)
            let replay = try await client.call(.post, made.answerPath, form: answer.formBody)
            #expect(replay.status == .conflict)
            #expect(replay.code == "presentation_already_answered")

            // The same presentation posted to a second request of the same verifier: another nonce, refused.
            let second = try await Self.makeRequest(client, by: verifier, claims: ["name"], now: mailbox.clock.now())
            let form = answer.formBody.replacingOccurrences(of: "state=\(made.request.state ?? "")", with: "state=\(second.request.state ?? "")")
            let moved = try await client.call(.post, second.answerPath, form: form)
            #expect(moved.status == .badRequest)
            #expect(moved.code == "presentation_refused")
            let pending = try await client.call(.get, "/v1/presentations/requests/\(second.id)", token: verifier.token)
            #expect(try pending.object()["status"] as? String == "pending")
        }
    }

    @Test(arguments: Backend.allCases) func aWrongStateALateAnswerAndAnUnknownRequestAreRefused(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let verifier = try await client.person("Door")
            let ada = try await client.person("Ada")
            let made = try await Self.makeRequest(client, by: verifier, claims: ["name"], now: mailbox.clock.now())
            let answer = try Self.answer(made, as: ada, allowing: [.field(.name)], now: mailbox.clock.now())

            // A state nobody made, and the right state at another verifier's address, find no request.
            let wrongState = answer.formBody.replacingOccurrences(of: "state=", with: "state=x")
            #expect(try await client.call(.post, made.answerPath, form: wrongState).code == "presentation_request_unknown")
            #expect(try await client.call(.post, "/v1/presentations/responses/\(ada.nodeID)", form: answer.formBody).code == "presentation_request_unknown")
            let noState = answer.formBody.replacingOccurrences(of: "state=", with: "other=")
            #expect(try await client.call(.post, made.answerPath, form: noState).code == "bad_request")

            mailbox.clock.advance(by: VerifierRoutes.lifetime)
            let late = try await client.call(.post, made.answerPath, form: answer.formBody)
            #expect(late.status == .gone)
            #expect(late.code == "presentation_request_expired")
        }
    }

    @Test(arguments: Backend.allCases) func aDeclineReachesTheVerifier(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let verifier = try await client.person("Door")
            let made = try await Self.makeRequest(client, by: verifier, claims: ["name"], now: mailbox.clock.now())
            let declined = try await client.call(
                .post, made.answerPath, form: PresentationAnswer.declineBody(for: made.request))
            #expect(declined.status == .ok)
            let result = try await client.call(.get, "/v1/presentations/requests/\(made.id)", token: verifier.token)
            #expect(try result.object()["status"] as? String == "declined")
        }
    }

    @Test(arguments: Backend.allCases) func aRequestForAClaimNoCardHasIsRefused(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let verifier = try await client.person("Door")
            let response = try await client.call(.post, "/v1/presentations/requests", token: verifier.token, json: ["claims": ["shoeSize"]])
            #expect(response.status == .badRequest)
            #expect(try await client.call(.post, "/v1/presentations/requests", json: ["claims": ["name"]]).status == .unauthorized)
        }
    }
}
