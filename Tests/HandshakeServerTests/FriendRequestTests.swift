import Foundation
import HandshakeCore
import HandshakeServer
import Testing

/// Friend requests: sending by Node ID and by token, verified cards, notes, the three answers reaching
/// the other side, lists, the badge, and what one account cannot do to another's requests.
@Suite struct FriendRequestTests {
    @Test(arguments: Backend.allCases) func acceptingLeavesBothSidesWithEachOthersVerifiedCard(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let sent = try await client.sendRequest(from: bob, to: ada, note: "We met at the conference 👋")
            #expect(sent.status == .created)
            let request = try sent.object()
            #expect(request["status"] as? String == "pending")
            #expect(request["route"] as? String == "nodeId")
            #expect(request["note"] as? String == "We met at the conference 👋")
            let id = try #require(request["id"] as? String)

            #expect(try await client.call(.get, "/v1/badge", token: ada.token).object()["pendingRequests"] as? Int == 1)
            let accepted = try await client.call(
                .post, "/v1/friend-requests/\(id)/accept", token: ada.token, json: ["card": Base64URL.encode(ada.card.bytes)])
            #expect(accepted.status == .ok)
            #expect(try accepted.object()["status"] as? String == "accepted")
            #expect(try await client.call(.get, "/v1/badge", token: ada.token).object()["pendingRequests"] as? Int == 0)

            // Each side's contact list holds the other's card, and it verifies.
            for (me, other) in [(ada, bob), (bob, ada)] {
                let contacts = try #require(try await client.call(.get, "/v1/contacts", token: me.token).object()["contacts"] as? [[String: Any]])
                #expect(contacts.count == 1)
                #expect(contacts.first?["nodeId"] as? String == other.nodeID)
                let text = try #require(contacts.first?["card"] as? String)
                let bytes = try #require(Base64URL.decode(text))
                #expect(try CardVerifier().verify(bytes, now: mailbox.clock.now()).nodeID == other.identity.nodeID)
            }
            // The sender sees the receiver's card on the answered request.
            let seen = try await client.call(.get, "/v1/friend-requests/\(id)", token: bob.token).object()
            #expect(seen["receiverCard"] as? String == Base64URL.encode(ada.card.bytes))
            #expect(try await client.sendRequest(from: bob, to: ada).code == "already_contacts")
        }
    }

    @Test(arguments: Backend.allCases) func sendingByTokenBurnsItAndAddressesItsOwner(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let token = try await client.shareToken(for: ada)
            let sent = try await client.sendRequest(from: bob, token: token)
            #expect(sent.status == .created)
            #expect(try sent.object()["receiver"] as? String == ada.nodeID)
            #expect(try sent.object()["route"] as? String == "token")
            #expect(try await client.call(.get, "/v1/share-links/\(token)").code == "link_used")
        }
    }

    @Test(arguments: Backend.allCases) func aRefusedRequestDoesNotBurnTheToken(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            #expect(try await client.sendRequest(from: bob, to: ada).status == .created)
            let token = try await client.shareToken(for: ada)
            #expect(try await client.sendRequest(from: bob, token: token).code == "request_pending")
            #expect(try await client.call(.get, "/v1/share-links/\(token)").status == .ok)
        }
    }

    @Test(arguments: Backend.allCases) func declineAndCancelReachTheOtherSide(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let carol = try await client.person("Carol")
            let declinedID = try #require(try await client.sendRequest(from: bob, to: ada).object()["id"] as? String)
            let cancelledID = try #require(try await client.sendRequest(from: carol, to: ada).object()["id"] as? String)

            #expect(try await client.call(.post, "/v1/friend-requests/\(declinedID)/decline", token: ada.token).status == .ok)
            #expect(try await client.call(.post, "/v1/friend-requests/\(cancelledID)/cancel", token: carol.token).status == .ok)

            let bobSent = try #require(
                try await client.call(.get, "/v1/friend-requests?direction=sent", token: bob.token).object()["requests"] as? [[String: Any]])
            #expect(bobSent.map { $0["status"] as? String } == ["declined"])
            let adaReceived = try #require(
                try await client.call(.get, "/v1/friend-requests", token: ada.token).object()["requests"] as? [[String: Any]])
            #expect(Set(adaReceived.compactMap { $0["status"] as? String }) == ["declined", "cancelled"])
            let pending = try #require(
                try await client.call(.get, "/v1/friend-requests?status=pending", token: ada.token).object()["requests"] as? [[String: Any]])
            #expect(pending.isEmpty)

            let again = try await client.call(.post, "/v1/friend-requests/\(declinedID)/cancel", token: bob.token)
            #expect(again.status == .conflict)
            #expect(again.code == "request_not_pending")
            #expect(try await client.call(.get, "/v1/contacts", token: ada.token).object()["contacts"] as? [Any] != nil)
        }
    }

    @Test(arguments: Backend.allCases) func onlyThePartiesSeeARequestAndEachGivesOnlyItsOwnAnswers(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let mallory = try await client.person("Mallory")
            let id = try #require(try await client.sendRequest(from: bob, to: ada).object()["id"] as? String)
            let acceptBody: [String: any Sendable] = ["card": Base64URL.encode(mallory.card.bytes)]

            #expect(try await client.call(.get, "/v1/friend-requests/\(id)", token: mallory.token).code == "unknown_request")
            #expect(try await client.call(.post, "/v1/friend-requests/\(id)/accept", token: mallory.token, json: acceptBody).code == "unknown_request")
            #expect(try await client.call(.post, "/v1/friend-requests/\(id)/decline", token: mallory.token).code == "unknown_request")
            #expect(try await client.call(.post, "/v1/friend-requests/\(id)/cancel", token: mallory.token).code == "unknown_request")

            let senderAccepts = try await client.call(
                .post, "/v1/friend-requests/\(id)/accept", token: bob.token, json: ["card": Base64URL.encode(bob.card.bytes)])
            #expect(senderAccepts.status == .forbidden)
            #expect(senderAccepts.code == "not_your_answer")
            #expect(try await client.call(.post, "/v1/friend-requests/\(id)/cancel", token: ada.token).code == "not_your_answer")
            #expect(try await client.call(.get, "/v1/friend-requests/\(id)", token: ada.token).status == .ok)
            #expect(try await client.call(.get, "/v1/friend-requests/unknown-id", token: ada.token).status == .notFound)
        }
    }

    @Test(arguments: Backend.allCases) func forgedOrForeignCardsAreRefusedAtRequestAndAtAccept(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            var forged = bob.card.bytes
            forged[forged.count - 1] ^= 0x01
            let forgedRequest = try await client.call(
                .post, "/v1/friend-requests", token: bob.token, json: ["to": ada.nodeID, "card": Base64URL.encode(forged)])
            #expect(forgedRequest.code == "card_rejected")
            let foreign = try await client.call(
                .post, "/v1/friend-requests", token: bob.token, json: ["to": ada.nodeID, "card": Base64URL.encode(ada.card.bytes)])
            #expect(foreign.code == "card_not_yours")

            let id = try #require(try await client.sendRequest(from: bob, to: ada).object()["id"] as? String)
            let foreignAccept = try await client.call(
                .post, "/v1/friend-requests/\(id)/accept", token: ada.token, json: ["card": Base64URL.encode(bob.card.bytes)])
            #expect(foreignAccept.code == "card_not_yours")
            #expect(try await client.call(.get, "/v1/badge", token: ada.token).object()["pendingRequests"] as? Int == 1)
        }
    }

    @Test(arguments: Backend.allCases) func malformedAndImpossibleRequestsAreRefused(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let card = Base64URL.encode(bob.card.bytes)
            func send(_ json: [String: any Sendable]) async throws -> String? {
                try await client.call(.post, "/v1/friend-requests", token: bob.token, json: json).code
            }
            #expect(try await send(["card": card]) == "bad_request")
            #expect(try await send(["to": ada.nodeID, "token": String(repeating: "a", count: 43), "card": card]) == "bad_request")
            #expect(try await send(["to": "not-a-node", "card": card]) == "bad_request")
            #expect(try await send(["to": ada.nodeID, "card": "%%%"]) == "bad_request")
            #expect(try await send(["to": ada.nodeID, "card": card, "note": String(repeating: "x", count: 141)]) == "bad_request")
            // Text a card could not hold, the same on both backends (PostgreSQL cannot store a NUL at all).
            for note in ["hi\u{0}there", "\u{1B}[2J", "a\u{202E}b", "one\ntwo"] {
                #expect(try await send(["to": ada.nodeID, "card": card, "note": note]) == "bad_request", "\(note.debugDescription)")
            }
            #expect(try await send(["to": bob.nodeID, "card": card]) == "self_request")
            #expect(try await send(["to": Identity.generate().nodeID.rawValue, "card": card]) == "unknown_account")
            #expect(try await send(["token": "short", "card": card]) == "link_unknown")
            #expect(try await send(["to": ada.nodeID, "card": card, "note": String(repeating: "é", count: 140)]) == nil)
            #expect(try await send(["to": ada.nodeID, "card": card]) == "request_pending")
            let crossed = try await client.sendRequest(from: ada, to: bob)
            #expect(crossed.code == "incoming_request_pending")
            #expect(try await client.call(.get, "/v1/friend-requests?direction=sideways", token: ada.token).code == "bad_request")
            #expect(try await client.call(.get, "/v1/friend-requests?status=maybe", token: ada.token).code == "bad_request")
        }
    }
}
