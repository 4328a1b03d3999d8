import Foundation
import HandshakeCore
import HandshakeMailbox
@testable import HandshakeServer
import Testing

/// Share links: their shape, resolving without burning, expiry, revocation, the hourly limit.
@Suite struct ShareLinkTests {
    @Test(arguments: Backend.allCases) func aNewLinkHasA43CharacterBase62TokenAndBothLinkForms(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let response = try await client.call(.post, "/v1/share-links", token: ada.token)
            #expect(response.status == .created)
            let object = try response.object()
            let token = try #require(object["token"] as? String)
            #expect(ShareLink.isWellFormedToken(token))
            #expect(token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
            // Both forms name the owner, so a client can check the card behind the link is theirs.
            #expect(object["url"] as? String == "\(TestMailbox.publicURL)/share/contact/\(token)/\(ada.nodeID)")
            #expect(object["appUrl"] as? String == "handshake://contact/\(token)/\(ada.nodeID)")
            #expect(object["expiresAt"] as? String == "2026-11-23T08:00:00Z")
        }
    }

    @Test(arguments: Backend.allCases) func resolvingReturnsTheOwnersSignedCardAndDoesNotBurnTheLink(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let token = try await client.shareToken(for: ada)
            for _ in 0..<3 {
                let resolved = try await client.call(.get, "/v1/share-links/\(token)")
                #expect(resolved.status == .ok)
                #expect(try resolved.object()["nodeId"] as? String == ada.nodeID)
                let text = try #require(try resolved.object()["card"] as? String)
                let card = try #require(Base64URL.decode(text))
                #expect(card == ada.card.bytes)
            }
            let bob = try await client.person("Bob")
            #expect(try await client.sendRequest(from: bob, token: token).status == .created)
        }
    }

    @Test(arguments: Backend.allCases) func aLinkExpiresAfter24Hours(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let token = try await client.shareToken(for: ada)
            mailbox.clock.advance(by: 24 * 60 * 60 - 1)
            #expect(try await client.call(.get, "/v1/share-links/\(token)").status == .ok)
            mailbox.clock.advance(by: 1)
            let expired = try await client.call(.get, "/v1/share-links/\(token)")
            #expect(expired.status == .gone)
            #expect(expired.code == "link_expired")
            let bob = try await client.person("Bob")
            #expect(try await client.sendRequest(from: bob, token: token).code == "link_expired")
        }
    }

    @Test(arguments: Backend.allCases) func unknownAndMalformedTokensAreNotFound(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let unknown = String(repeating: "A", count: 43)
            let response = try await client.call(.get, "/v1/share-links/\(unknown)")
            #expect(response.status == .notFound)
            #expect(response.code == "link_unknown")
            #expect(try await client.call(.get, "/v1/share-links/short").code == "link_unknown")
        }
    }

    @Test(arguments: Backend.allCases) func theOwnerCanRevokeALinkAndNobodyElseCan(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let token = try await client.shareToken(for: ada)
            #expect(try await client.call(.delete, "/v1/share-links/\(token)", token: bob.token).code == "link_unknown")
            #expect(try await client.call(.delete, "/v1/share-links/\(token)").status == .unauthorized)
            #expect(try await client.call(.delete, "/v1/share-links/\(token)", token: ada.token).status == .noContent)
            let revoked = try await client.call(.get, "/v1/share-links/\(token)")
            #expect(revoked.status == .gone)
            #expect(revoked.code == "link_revoked")
            #expect(try await client.sendRequest(from: bob, token: token).code == "link_revoked")
            #expect(try await client.call(.delete, "/v1/share-links/\(token)", token: ada.token).status == .noContent)
        }
    }

    @Test(arguments: Backend.allCases) func aUsedLinkIsGoneAndYourOwnLinkIsAConflict(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let carol = try await client.person("Carol")
            let token = try await client.shareToken(for: ada)
            let own = try await client.sendRequest(from: ada, token: token)
            #expect(own.status == .conflict)
            #expect(own.code == "own_link")
            #expect(try await client.sendRequest(from: bob, token: token).status == .created)
            let used = try await client.sendRequest(from: carol, token: token)
            #expect(used.status == .gone)
            #expect(used.code == "link_used")
            let resolved = try await client.call(.get, "/v1/share-links/\(token)")
            #expect(resolved.code == "link_used")
            // A refused resolve names the owner, so a client can say whom to ask; an unknown token does not.
            #expect(try resolved.object()["owner"] as? String == ada.nodeID)
            #expect(try await client.call(.get, "/v1/share-links/\(String(repeating: "A", count: 43))").object()["owner"] == nil)
        }
    }

    @Test(arguments: Backend.allCases) func the21stLinkInAnHourIsRateLimitedWithRetryAfter(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            _ = try await client.shareToken(for: ada)
            mailbox.clock.advance(by: 10 * 60)
            for _ in 0..<19 { _ = try await client.shareToken(for: ada) }
            let limited = try await client.call(.post, "/v1/share-links", token: ada.token)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.code == "rate_limited")
            // The oldest link leaves the window 50 minutes from now.
            #expect(limited.headers[.retryAfter] == "3000")
            mailbox.clock.advance(by: 2999)
            #expect(try await client.call(.post, "/v1/share-links", token: ada.token).code == "rate_limited")
            mailbox.clock.advance(by: 1)
            // The session from an hour ago has expired too; sign in again.
            let token = try await client.signIn(ada.identity)
            #expect(try await client.call(.post, "/v1/share-links", token: token).status == .created)
            #expect(try await client.call(.post, "/v1/share-links", token: token).code == "rate_limited")
        }
    }

    @Test(arguments: Backend.allCases) func aLinkNeedsAPublishedCard(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let token = try await client.signIn(Identity.generate())
            let response = try await client.call(.post, "/v1/share-links", token: token)
            #expect(response.status == .conflict)
            #expect(response.code == "card_required")
        }
    }

    @Test func base62KeepsEveryTokenAt43Characters() {
        #expect(Base62.encode([UInt8](repeating: 0, count: 32)) == String(repeating: "0", count: 43))
        #expect(Base62.encode([UInt8](repeating: 0xFF, count: 32)).count == 43)
        #expect(Base62.encode([0, 0, 61]) == "0000z")
        #expect(Base62.encode([0, 1, 0]) == "00048")  // 256 = 4 × 62 + 8
    }
}
