import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Signing in with a key: challenge, signature over the labelled bytes, bearer token; and every refusal.
@Suite struct AuthTests {
    /// Signing in makes a session; the account is made when its owner asks for it (`GET /v1/account`).
    @Test(arguments: Backend.allCases) func signingInOpensSignedInRoutesAndAskingMakesTheAccount(_ backend: Backend) async throws {
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
            let identity = try await client.person("Ada").identity
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

/// The limit on sign-in challenges: per client address, and per standing in all (newcomers, known keys; a
/// valid session is not counted), per minute, answered 429 with `Retry-After` until the minute turns
/// (addresses given through a trusted `X-Forwarded-For`, as behind the documented proxy).
@Suite struct SignInLimitTests {
    /// A challenge request from `address` (through a trusted proxy's `X-Forwarded-For`) for `identity`'s key,
    /// with `token` as a bearer when given.
    static func ask(_ client: TestMailbox.Client, from address: String, for identity: Identity, token: String? = nil) async throws -> TestResponse {
        try await ask(client, from: address, body: ["sigKey": Base64URL.encode(identity.sigKey.rawRepresentation)], token: token)
    }

    /// A challenge request from `address` with `body` (`sigKey`, or the `nodeId` of an account).
    static func ask(_ client: TestMailbox.Client, from address: String, body: [String: String], token: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/json", HTTPFields.Element.Name("X-Forwarded-For")!: "203.0.113.9, \(address)"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await client.client.execute(
            uri: "/v1/auth/challenge", method: .post, headers: headers, body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
    }

    /// Signs `identity` in from `address`: the challenge's status, then (if it was given) the token's.
    static func signIn(_ client: TestMailbox.Client, from address: String, as identity: Identity, token: String? = nil) async throws -> (HTTPResponse.Status, String?) {
        let challenge = try await ask(client, from: address, for: identity, token: token)
        guard challenge.status == .created, let text = try challenge.object()["challenge"] as? String, let bytes = Base64URL.decode(text) else {
            return (challenge.status, nil)
        }
        let answer = try await client.call(
            .post, "/v1/auth/token", json: ["challenge": text, "signature": Base64URL.encode(identity.sign(bytes, for: .serverChallenge))])
        return (answer.status, try answer.object()["token"] as? String)
    }

    @Test func challengesAreCountedPerAddressAndInAll() async throws {
        var policy = MailboxPolicy()
        policy.challengesPerAddressPerMinute = 3
        policy.challengesPerMinute = 5
        policy.firstChallengesPerMinute = 1
        policy.trustForwardedFor = true
        let mailbox = try await TestMailbox(.sqlite, policy: policy)
        try await mailbox.test { client in
            func ask(from address: String) async throws -> TestResponse { try await Self.ask(client, from: address, for: Identity.generate()) }
            for _ in 0..<3 { #expect(try await ask(from: "198.51.100.1").status == .created) }
            let fourth = try await ask(from: "198.51.100.1")
            #expect(fourth.status == .tooManyRequests && fourth.code == "rate_limited")
            #expect(Int(fourth.headers[.retryAfter] ?? "") ?? 0 >= 1)
            // Another address has its own count, until the total for newcomers is used up.
            #expect(try await ask(from: "198.51.100.2").status == .created)
            #expect(try await ask(from: "198.51.100.2").status == .created)
            #expect(try await ask(from: "198.51.100.2").status == .tooManyRequests)
            // Then an address's first ask of the minute comes from the reserve, while it lasts (one here).
            #expect(try await ask(from: "198.51.100.3").status == .created)
            #expect(try await ask(from: "198.51.100.3").status == .tooManyRequests)
            #expect(try await ask(from: "198.51.100.4").status == .tooManyRequests)
            // The next minute starts afresh.
            client.clock.advance(by: 60)
            #expect(try await ask(from: "198.51.100.1").status == .created)
        }
    }

    /// 64 addresses ask for challenges for fresh keys until each has had its share, which uses up the
    /// instance's count for newcomers; a person who signed in before still signs in, from an address of
    /// their own, and sends a request; a newcomer does not get in.
    @Test(arguments: Backend.allCases) func aFloodFrom64AddressesLeavesPeopleWhoSignedInBeforeSigningIn(_ backend: Backend) async throws {
        var policy = MailboxPolicy()
        policy.challengesPerAddressPerMinute = 8
        policy.challengesPerMinute = 256
        policy.knownKeyChallengesPerMinute = 256
        policy.trustForwardedFor = true
        let mailbox = try await TestMailbox(backend, policy: policy)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            // Each address asks once first (so none draws on the reserve), then the flood.
            var answers: [HTTPResponse.Status] = []
            for address in 0..<64 { answers.append(try await Self.ask(client, from: "198.18.0.\(address + 1)", for: Identity.generate()).status) }
            answers += try await withThrowingTaskGroup(of: [HTTPResponse.Status].self) { group in
                for address in 0..<64 {
                    group.addTask {
                        var statuses: [HTTPResponse.Status] = []
                        for _ in 0..<9 { statuses.append(try await Self.ask(client, from: "198.18.0.\(address + 1)", for: Identity.generate()).status) }
                        return statuses
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0 += $1 }
            }
            // The newcomers' share is 256 a minute; Ada's and Bob's first sign-ins took two of it.
            #expect(answers.filter { $0 == .created }.count == 254)
            #expect(answers.filter { $0 == .tooManyRequests }.count == 640 - 254)
            // The flood has used up the newcomers' share, but a newcomer's first ask from an address of
            // their own still gets a challenge (the reserve), once.
            #expect(try await Self.ask(client, from: "192.0.2.77", for: Identity.generate()).status == .created)
            #expect(try await Self.ask(client, from: "192.0.2.77", for: Identity.generate()).status == .tooManyRequests)
            // Ada signed in before: she signs in again and sends Bob a request.
            let (status, token) = try await Self.signIn(client, from: "192.0.2.10", as: ada.identity)
            #expect(status == .created)
            let again = Person(identity: ada.identity, token: try #require(token), card: ada.card)
            #expect(try await client.sendRequest(from: again, to: bob).status == .created)
        }
    }

    /// A request carrying a valid session of the key it asks for is not counted in the instance's share:
    /// it still gets a challenge when even the known keys' count is used up. Another account's session
    /// does not count.
    @Test func aValidSessionOfTheKeyGoesFirst() async throws {
        var policy = MailboxPolicy()
        policy.challengesPerMinute = 2
        policy.knownKeyChallengesPerMinute = 2
        policy.firstChallengesPerMinute = 0
        policy.trustForwardedFor = true
        let mailbox = try await TestMailbox(.sqlite, policy: policy)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            #expect(try await Self.ask(client, from: "192.0.2.1", for: Identity.generate()).status == .tooManyRequests, "two newcomers came already")
            for _ in 0..<2 { #expect(try await Self.ask(client, from: "192.0.2.1", for: ada.identity).status == .created) }
            #expect(try await Self.ask(client, from: "192.0.2.1", for: ada.identity).status == .tooManyRequests, "the known keys' share is used up")
            #expect(try await Self.ask(client, from: "192.0.2.1", for: ada.identity, token: bob.token).status == .tooManyRequests)
            let (status, token) = try await Self.signIn(client, from: "192.0.2.1", as: ada.identity, token: ada.token)
            #expect(status == .created && token != nil)
        }
    }

    /// Asking challenges for one published Node ID (no key needed to ask) from 64 addresses spends that key's
    /// few of the known keys' count, not everyone's: Bob, who signed in before, signs in from a new address;
    /// and so does Ada herself, the key flooded, from an address of her own (the reserve).
    @Test(arguments: Backend.allCases) func aFloodOnOnePublishedNodeIDLocksNobodyOut(_ backend: Backend) async throws {
        var policy = MailboxPolicy()
        policy.challengesPerAddressPerMinute = 8
        policy.knownKeyChallengesPerMinute = 64
        policy.challengesPerKnownKeyPerMinute = 4
        policy.trustForwardedFor = true
        let mailbox = try await TestMailbox(backend, policy: policy)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            func askForAda(from address: String) async throws -> HTTPResponse.Status {
                try await Self.ask(client, from: address, body: ["nodeId": ada.nodeID]).status
            }
            var statuses: [HTTPResponse.Status] = []
            for address in 0..<64 {
                for _ in 0..<2 { statuses.append(try await askForAda(from: "198.18.1.\(address + 1)")) }
            }
            // Ada's few (to the first two addresses), and then the other 62 addresses' first asks of the minute,
            // from the reserve; every second ask past Ada's few is refused.
            #expect(statuses.filter { $0 == .created }.count == 4 + 62, "\(statuses.filter { $0 == .created }.count)")
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 128 - 66)
            let (bobStatus, bobToken) = try await Self.signIn(client, from: "192.0.2.20", as: bob.identity)
            #expect(bobStatus == .created && bobToken != nil, "the known keys' count was not spent by the flood")
            let (adaStatus, adaToken) = try await Self.signIn(client, from: "192.0.2.21", as: ada.identity)
            #expect(adaStatus == .created && adaToken != nil, "the flooded key's owner signs in from an address of her own")
        }
    }

    /// Without `--trust-forwarded-for` a client's own `X-Forwarded-For` changes nothing: the count is by the
    /// connection's peer (here every request comes from 127.0.0.1).
    @Test func anUntrustedForwardedForIsIgnored() async throws {
        var policy = MailboxPolicy()
        policy.challengesPerAddressPerMinute = 3
        let mailbox = try await TestMailbox(.sqlite, policy: policy)
        try await mailbox.test(.live) { client in
            for index in 0..<3 {
                let answer = try await Self.ask(client, from: "198.51.100.\(index)", for: Identity.generate())
                #expect(answer.status == .created)
            }
            let fourth = try await Self.ask(client, from: "198.51.100.99", for: Identity.generate())
            #expect(fourth.status == .tooManyRequests)
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
