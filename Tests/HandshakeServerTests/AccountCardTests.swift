import Foundation
import HandshakeCore
import HandshakeServer
import Testing

/// Publishing and serving an account's card: verified, the account's own, strictly newer.
@Suite struct AccountCardTests {
    @Test(arguments: Backend.allCases) func aPublishedCardIsServedByteForByte(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let served = try await client.call(.get, "/v1/cards/\(ada.nodeID)")
            #expect(served.status == .ok)
            #expect(served.headers[.contentType]?.hasPrefix("application/cose") == true)
            #expect(Array(buffer: served.body) == ada.card.bytes)
            let verified = try CardVerifier().verify(Array(buffer: served.body), now: mailbox.clock.now())
            #expect(verified.card.name == "Ada")
            // Its entity tag is the SHA-256 of its bytes: a reader asks with the card it holds, and gets a 304.
            #expect(served.headers[.eTag] == ada.card.entityTag)
            let held = try await client.client.execute(
                uri: "/v1/cards/\(ada.nodeID)", method: .get, headers: [.ifNoneMatch: ada.card.entityTag])
            #expect(held.status == .notModified && held.body.readableBytes == 0)
            let other = try await client.client.execute(
                uri: "/v1/cards/\(ada.nodeID)", method: .get, headers: [.ifNoneMatch: "\"an-older-card\""])
            #expect(other.status == .ok && Array(buffer: other.body) == ada.card.bytes)
        }
    }

    @Test(arguments: Backend.allCases) func unknownAccountsAndAccountsWithoutACardAreNotFound(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let identity = Identity.generate()
            let token = try await client.signIn(identity)
            // Signing in makes no account; asking for it does, and it has no card yet.
            #expect(try await client.call(.get, "/v1/cards/\(identity.nodeID.rawValue)").code == "unknown_account")
            #expect(try await client.call(.get, "/v1/account", token: token).status == .ok)
            #expect(try await client.call(.get, "/v1/cards/\(identity.nodeID.rawValue)").code == "no_card")
            let unknown = try await client.call(.get, "/v1/cards/\(Identity.generate().nodeID.rawValue)")
            #expect(unknown.status == .notFound)
            #expect(unknown.code == "unknown_account")
            #expect(try await client.call(.get, "/v1/cards/nonsense").code == "unknown_account")
        }
    }

    @Test(arguments: Backend.allCases) func aCardWithAnyBitFlippedIsRefused(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let identity = Identity.generate()
            let token = try await client.signIn(identity)
            let card = try Person.card(identity, name: "Ada", at: mailbox.clock.now())
            // A flip in the signature (last byte), in the payload (middle) and in the envelope (start).
            for index in [card.bytes.count - 1, card.bytes.count / 2, 1] {
                var forged = card.bytes
                forged[index] ^= 0x04
                let refused = try await client.call(.put, "/v1/account/card", token: token, raw: forged)
                #expect(refused.status == .unprocessableContent)
                #expect(refused.code == "card_rejected")
            }
            #expect(try await client.call(.put, "/v1/account/card", token: token, raw: card.bytes).status == .ok)
        }
    }

    @Test(arguments: Backend.allCases) func aCardForAnotherNodeIDIsRefused(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let token = try await client.signIn(Identity.generate())
            let someoneElse = try Person.card(Identity.generate(), name: "Mallory", at: mailbox.clock.now())
            let refused = try await client.call(.put, "/v1/account/card", token: token, raw: someoneElse.bytes)
            #expect(refused.status == .forbidden)
            #expect(refused.code == "card_not_yours")
        }
    }

    @Test(arguments: Backend.allCases) func onlyAStrictlyNewerCardReplacesTheStoredOne(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let replay = try await client.call(.put, "/v1/account/card", token: ada.token, raw: ada.card.bytes)
            #expect(replay.status == .conflict)
            #expect(replay.code == "card_not_newer")
            let older = try Person.card(ada.identity, name: "Old Ada", at: mailbox.clock.now().addingTimeInterval(-60))
            #expect(try await client.call(.put, "/v1/account/card", token: ada.token, raw: older.bytes).code == "card_not_newer")

            mailbox.clock.advance(by: 1)
            let newer = try Person.card(ada.identity, name: "Ada Lovelace", at: mailbox.clock.now())
            let published = try await client.call(.put, "/v1/account/card", token: ada.token, raw: newer.bytes)
            #expect(published.status == .ok)
            #expect(try published.object()["updatedAt"] as? Int == Int(newer.card.updatedAt))
            let served = try await client.call(.get, "/v1/cards/\(ada.nodeID)")
            #expect(Array(buffer: served.body) == newer.bytes)
        }
    }

    @Test(arguments: Backend.allCases) func publishingNeedsSigningIn(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let card = try Person.card(Identity.generate(), name: "Ada", at: mailbox.clock.now())
            #expect(try await client.call(.put, "/v1/account/card", raw: card.bytes).status == .unauthorized)
        }
    }
}
