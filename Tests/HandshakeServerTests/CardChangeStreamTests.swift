import Foundation
import HandshakeCore
import HandshakeServer
import HandshakeTestSupport
import HummingbirdTesting
import Testing

/// `GET /v1/card-changes`, read with curl: a follower hears the current card of each Node ID it follows, then
/// each newer one as its owner publishes it, of no other card, and with no account; ids are checked where they
/// arrive; one address holds a bounded number of streams.
@Suite struct CardChangeStreamTests {
    /// The `(nodeId, etag)` of each `card` message in `stream`, in order.
    static func changes(in stream: String) throws -> [[String]] {
        try stream.split(separator: "\n").filter { $0.hasPrefix("data: ") }.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: String])
            return [object["nodeId"] ?? "", object["etag"] ?? ""]
        }
    }

    @Test(arguments: Backend.allCases) func aFollowerHearsEachNewCardOfWhomItFollowsAndNoOthers(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend, clock: ManualClock(Date()))
        try await mailbox.test(.live) { client in
            let port = try #require(client.client.port)
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let nobody = Identity.generate().nodeID.rawValue
            let newer = try Person.card(ada.identity, name: "Ada Lovelace", at: mailbox.clock.now().addingTimeInterval(1))
            // Ada twice, and someone with no account: followed as asked, said nothing of.
            let path = "/v1/card-changes?ids=\(ada.nodeID),\(nobody),\(ada.nodeID)"
            let seen = try await EventTests.stream(port: port, path: path, token: nil, lastEventID: nil, events: 2) {
                mailbox.clock.advance(by: 1)
                #expect(try await client.call(.put, "/v1/account/card", token: ada.token, raw: newer.bytes).status == .ok)
                // Bob's new card is not followed: it wakes nothing that is said.
                let bobsNewer = try Person.card(bob.identity, name: "Bob Babbage", at: mailbox.clock.now())
                #expect(try await client.call(.put, "/v1/account/card", token: bob.token, raw: bobsNewer.bytes).status == .ok)
            }
            #expect(seen.hasPrefix("retry: 3000\n\n"))
            #expect(try Self.changes(in: seen) == [[ada.nodeID, ada.card.entityTag], [ada.nodeID, newer.entityTag]], "\(seen)")
            #expect(seen.split(separator: "\n").filter { $0.hasPrefix("event: ") }.allSatisfy { $0 == "event: card" })
            #expect(!seen.contains(bob.nodeID) && !seen.contains(nobody) && !seen.contains("id: "))
            // The tag is the one the card route answers with, so a follower asks with what it holds.
            let served = try await client.call(.get, "/v1/cards/\(ada.nodeID)")
            #expect(served.headers[.eTag] == newer.entityTag)
        }
    }

    @Test func theIDsAreCheckedWhereTheyArrive() async throws {
        let mailbox = try await TestMailbox(.sqlite)
        try await mailbox.test { client in
            let ids = (0..<65).map { _ in Identity.generate().nodeID.rawValue }
            for query in ["", "?ids=", "?ids=nope", "?ids=\(ids[0]),", "?ids=\(ids.joined(separator: ","))"] {
                let refused = try await client.call(.get, "/v1/card-changes\(query)")
                #expect(refused.status == .badRequest && refused.code == "bad_request", "\(query): \(refused.status)")
            }
            let tooMany = try await client.call(.get, "/v1/card-changes?ids=\(ids.joined(separator: ","))")
            #expect(try tooMany.object()["detail"] as? String == "`ids` names more than 64 Node IDs; follow the rest on another stream.")
        }
    }

    @Test func oneAddressHoldsAtMostItsStreams() async throws {
        let budget = try ConnectionLimitTests.smallBudget(.sqlite, streamsPerAccount: 2)
        let mailbox = try await ConnectionLimitTests.mailbox(.sqlite, budget: budget)
        try await mailbox.testServing { client, port in
            let ada = try await client.person("Ada")
            let path = "/v1/card-changes?ids=\(ada.nodeID)"
            let first = try EventTests.curlStream(port: port, path: path, token: nil)
            defer { if first.isRunning { EventTests.stop(first) } }
            let second = try EventTests.curlStream(port: port, path: path, token: nil)
            defer { if second.isRunning { EventTests.stop(second) } }
            try await ConnectionLimitTests.waitFor("handshake_event_streams_open", in: mailbox.server, until: { $0 == 2 })
            let third = try await ConnectionLimitTests.exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
            #expect(third.answer.hasPrefix("HTTP/1.1 429") && third.answer.contains("\"code\":\"too_many_card_streams\""), "\(third.answer)")
            #expect(third.answer.contains("2 streams of card changes are open from this address on this server already"), "\(third.answer)")
            // An account's own event stream is counted apart from the address's card streams.
            let events = try EventTests.curlStream(port: port, token: ada.token)
            defer { if events.isRunning { EventTests.stop(events) } }
            try await ConnectionLimitTests.waitFor("handshake_event_streams_open", in: mailbox.server, until: { $0 == 3 })
            EventTests.stop(first)
            try await ConnectionLimitTests.waitFor("handshake_event_streams_open", in: mailbox.server, seconds: 5, until: { $0 == 2 })
        }
    }

    /// docs/server.md's example message is what the server sends for the worked example's card (card.md).
    @Test func theDocumentsExampleIsWhatTheServerSends() async throws {
        let made = Date(timeIntervalSince1970: TimeInterval(Fixture.updatedAt / 1000))
        let mailbox = try await TestMailbox(.sqlite, clock: ManualClock(made.addingTimeInterval(3600)))
        try await mailbox.test(.live) { client in
            let port = try #require(client.client.port)
            let card = try Fixture.issue(Fixture.businessCard())
            let token = try await client.signIn(Fixture.identity)
            #expect(try await client.call(.put, "/v1/account/card", token: token, raw: card.bytes).status == .ok)
            let seen = try await EventTests.stream(
                port: port, path: "/v1/card-changes?ids=\(card.nodeID.rawValue)", token: nil, lastEventID: nil, events: 1) {}
            let message = try #require(seen.components(separatedBy: "\n\n").first { $0.hasPrefix("event: card") }, "\(seen)")
            let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("docs/server.md")
            let text = try String(contentsOf: document, encoding: .utf8)
            #expect(text.contains("```text\n\(message)\n```"), "docs/server.md should show: \(message)")
        }
    }
}
