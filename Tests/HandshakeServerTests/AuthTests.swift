import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeServer
import Hummingbird
import HummingbirdTesting
import Testing

/// Signing in with a key: challenge, signature over the labelled bytes, bearer token; and every refusal.
@Suite struct AuthTests {
    @Test(arguments: Backend.allCases) func signingInCreatesTheAccountAndTheTokenOpensSignedInRoutes(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let identity = Identity.generate()
            let token = try await client.signIn(identity)
            #expect(token.count == 43)
            let account = try await client.call(.get, "/v1/account", token: token)
            #expect(account.status == .ok)
            #expect(try account.object()["nodeId"] as? String == identity.nodeID.rawValue)
            #expect(try account.object()["sigKey"] as? String == Base64URL.encode(identity.sigKey.rawRepresentation))
        }
    }

    @Test(arguments: Backend.allCases) func anExistingAccountCanAskForAChallengeByNodeID(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let identity = Identity.generate()
            _ = try await client.signIn(identity)
            let byNode = try await client.call(.post, "/v1/auth/challenge", json: ["nodeId": identity.nodeID.rawValue])
            #expect(byNode.status == .created)
            let unknown = try await client.call(.post, "/v1/auth/challenge", json: ["nodeId": Identity.generate().nodeID.rawValue])
            #expect(unknown.status == .notFound)
            #expect(unknown.code == "unknown_account")
        }
    }

    @Test(arguments: Backend.allCases) func malformedChallengeRequestsAreBadRequests(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            for json: [String: any Sendable] in [[:], ["sigKey": "short"], ["nodeId": "not a node id"]] {
                let response = try await client.call(.post, "/v1/auth/challenge", json: json)
                #expect(response.status == .badRequest)
                #expect(response.code == "bad_request")
            }
        }
    }

    @Test(arguments: Backend.allCases) func aSignatureByAnotherKeyIsRefusedAndBurnsTheChallenge(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let identity = Identity.generate()
            let challenge = try await client.call(.post, "/v1/auth/challenge", json: ["sigKey": Base64URL.encode(identity.sigKey.rawRepresentation)])
            let text = try #require(try challenge.object()["challenge"] as? String)
            let bytes = try #require(Base64URL.decode(text))
            let forged = Identity.generate().sign(bytes, for: .serverChallenge)
            let refused = try await client.call(.post, "/v1/auth/token", json: ["challenge": text, "signature": Base64URL.encode(forged)])
            #expect(refused.status == .unauthorized)
            #expect(refused.code == "bad_signature")
            // The challenge is used up even by a wrong answer: the right one now finds it gone.
            let right = identity.sign(bytes, for: .serverChallenge)
            let again = try await client.call(.post, "/v1/auth/token", json: ["challenge": text, "signature": Base64URL.encode(right)])
            #expect(again.code == "challenge_invalid")
        }
    }

    /// A signature the same key made for another purpose (a nearby session binding over the same bytes)
    /// is refused: the labels keep the purposes apart.
    @Test(arguments: Backend.allCases) func aSignatureForAnotherPurposeIsRefused(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let identity = Identity.generate()
            let challenge = try await client.call(.post, "/v1/auth/challenge", json: ["sigKey": Base64URL.encode(identity.sigKey.rawRepresentation)])
            let text = try #require(try challenge.object()["challenge"] as? String)
            let otherPurpose = identity.sign(try #require(Base64URL.decode(text)), for: .nearbySessionBinding)
            let refused = try await client.call(.post, "/v1/auth/token", json: ["challenge": text, "signature": Base64URL.encode(otherPurpose)])
            #expect(refused.code == "bad_signature")
        }
    }

    @Test(arguments: Backend.allCases) func aChallengeAnswersOnceAndExpires(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let identity = Identity.generate()
            func answer(_ text: String) async throws -> String? {
                let bytes = try #require(Base64URL.decode(text))
                let signature = Base64URL.encode(identity.sign(bytes, for: .serverChallenge))
                return try await client.call(.post, "/v1/auth/token", json: ["challenge": text, "signature": signature]).code
            }
            func challenge() async throws -> String {
                let response = try await client.call(.post, "/v1/auth/challenge", json: ["sigKey": Base64URL.encode(identity.sigKey.rawRepresentation)])
                return try #require(try response.object()["challenge"] as? String)
            }
            let once = try await challenge()
            #expect(try await answer(once) == nil)
            #expect(try await answer(once) == "challenge_invalid")

            let late = try await challenge()
            mailbox.clock.advance(by: 61)
            #expect(try await answer(late) == "challenge_invalid")

            let unknown = Base64URL.encode([UInt8](repeating: 7, count: 32))
            #expect(try await answer(unknown) == "challenge_invalid")
        }
    }

    @Test(arguments: Backend.allCases) func signedInRoutesNeedAValidUnexpiredToken(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let token = try await client.signIn(Identity.generate())
            let missing = try await client.call(.get, "/v1/account")
            #expect(missing.status == .unauthorized)
            #expect(missing.code == "unauthorized")
            #expect(missing.headers[.wwwAuthenticate] == "Bearer")
            #expect(try await client.call(.get, "/v1/account", token: "nonsense").code == "unauthorized")
            #expect(try await client.call(.get, "/v1/account", token: token).status == .ok)
            mailbox.clock.advance(by: 60 * 60)
            #expect(try await client.call(.get, "/v1/account", token: token).code == "unauthorized")
        }
    }
}

/// The limit on sign-in challenges: per client address and in all, per minute, answered 429 with
/// `Retry-After` until the minute turns (addresses given through a trusted `X-Forwarded-For`).
@Suite struct SignInLimitTests {
    @Test func challengesAreCountedPerAddressAndInAll() async throws {
        var policy = MailboxPolicy()
        policy.challengesPerAddressPerMinute = 3
        policy.challengesPerMinute = 5
        policy.trustForwardedFor = true
        let mailbox = try await TestMailbox(.sqlite, policy: policy)
        try await mailbox.test { client in
            func ask(from address: String) async throws -> TestResponse {
                try await client.client.execute(
                    uri: "/v1/auth/challenge", method: .post,
                    headers: [.contentType: "application/json", HTTPFields.Element.Name("X-Forwarded-For")!: "203.0.113.9, \(address)"],
                    body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: ["sigKey": Base64URL.encode(Identity.generate().sigKey.rawRepresentation)])))
            }
            for _ in 0..<3 { #expect(try await ask(from: "198.51.100.1").status == .created) }
            let fourth = try await ask(from: "198.51.100.1")
            #expect(fourth.status == .tooManyRequests && fourth.code == "rate_limited")
            #expect(Int(fourth.headers[.retryAfter] ?? "") ?? 0 >= 1)
            // Another address has its own count, until the total for everyone is used up.
            #expect(try await ask(from: "198.51.100.2").status == .created)
            #expect(try await ask(from: "198.51.100.2").status == .created)
            #expect(try await ask(from: "198.51.100.3").status == .tooManyRequests)
            // The next minute starts afresh.
            client.clock.advance(by: 60)
            #expect(try await ask(from: "198.51.100.1").status == .created)
        }
    }
}

/// Signing out: one session, or every session of the account; an ended token is refused.
@Suite struct SignOutTests {
    @Test(arguments: Backend.allCases) func oneSessionOrAllOfThemEnd(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let phone = try await client.signIn(ada.identity), laptop = try await client.signIn(ada.identity)
            #expect(try await client.call(.delete, "/v1/auth/session", token: ada.token).status == .noContent)
            #expect(try await client.call(.get, "/v1/account", token: ada.token).status == .unauthorized)
            #expect(try await client.call(.get, "/v1/account", token: phone).status == .ok, "only that session ended")
            #expect(try await client.call(.delete, "/v1/auth/sessions", token: phone).status == .noContent)
            #expect(try await client.call(.get, "/v1/account", token: phone).status == .unauthorized)
            #expect(try await client.call(.get, "/v1/account", token: laptop).status == .unauthorized, "every session ended")
            #expect(try await client.call(.delete, "/v1/auth/session").status == .unauthorized)
        }
    }
}
