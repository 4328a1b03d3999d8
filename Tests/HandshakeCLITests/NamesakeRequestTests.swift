import Foundation
import HandshakeCore
import HandshakeTestSupport
import Testing

/// A name is a claim, through the program against a real `handshake serve`: a stranger who sends Ada a friend
/// request under the name of her contact Bob (or a name that only looks like it) is listed as not her
/// contact, with their own Node ID; accepting asks first (refused in a script without --anyway), and the one
/// accepted anyway is a contact of its own, Known, beside the real Bob.
@Suite(.serialized) struct NamesakeRequestTests {
    @Test func aStrangerWithAContactsNameIsToldApartAndAskedAbout() async throws {
        let server = try await ServeCommandTests.Server.running()
        defer { if server.process.isRunning { server.process.terminate() } }
        let homes = try await CLI.registered(["Ada Lovelace", "Bob Babbage", "Bob Babbage", "Bоb Babbage"], at: server.url)
        let (ada, bob, eve, mallory) = (homes[0], homes[1], homes[2], homes[3])
        // The real Bob first: his request, accepted with no question.
        let bobsID = try await Self.request(from: bob, to: ada)
        let first = try await ada.run("request", "accept", bobsID)
        #expect(first.status == 0, "\(first.stderr)")

        // Eve claims Bob's name exactly; Mallory with a Cyrillic о.
        let evesID = try await Self.request(from: eve, to: ada)
        let mallorysID = try await Self.request(from: mallory, to: ada)
        let evesNodeID = try await Self.nodeID(of: eve)
        let listed = try await ada.run("requests")
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Not your contact Bob Babbage: a different key, never seen before. Their Node ID: \(evesNodeID)"), "\(listed.stdout)")
        #expect(listed.stdout.contains("Not your contact Bob Babbage: a different key, never seen before. Their name only looks like it."), "\(listed.stdout)")

        let json = try #require(try JSONSerialization.jsonObject(with: await ada.run("requests", "--json").stdoutBytes) as? [[String: Any]])
        let byID = Dictionary(uniqueKeysWithValues: json.compactMap { row in (row["id"] as? String).map { ($0, row) } })
        #expect(byID[bobsID]?["claim"] as? String == "contact")
        #expect(byID[evesID]?["claim"] as? String == "namesake")
        #expect(byID[evesID]?["notYourContact"] as? [String] == ["Bob Babbage"])
        #expect(byID[mallorysID]?["claim"] as? String == "namesake")

        // A script is not asked: it is refused, and nothing was accepted.
        let refused = try await ada.run("request", "accept", evesID)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("Not your contact Bob Babbage: a different key, never seen before."), "\(refused.stderr)")
        #expect(refused.stderr.contains("--anyway"))
        let still = try #require(try JSONSerialization.jsonObject(with: await ada.run("requests", "--json").stdoutBytes) as? [[String: Any]])
        #expect(still.first { $0["id"] as? String == evesID }?["status"] as? String == "pending")

        let anyway = try await ada.run("request", "accept", evesID, "--anyway")
        #expect(anyway.status == 0, "\(anyway.stderr)")
        let contacts = try #require(try JSONSerialization.jsonObject(with: await ada.run("contacts", "--json").stdoutBytes) as? [[String: Any]])
        let bobs = contacts.filter { ($0["displayName"] as? String) == "Bob Babbage" }
        #expect(bobs.count == 2, "\(contacts)")
        #expect(bobs.allSatisfy { $0["trustLevel"] as? String == "KNOWN" }, "met only through a request: Known, until Ada says otherwise")
        #expect(try await server.stop() == 0)
    }

    /// `from` sends `to` a friend request through a share link of `to`'s; the request's id.
    static func request(from sender: CLI, to receiver: CLI) async throws -> String {
        let created = try #require(try JSONSerialization.jsonObject(with: await receiver.run("link", "create", "--json").stdoutBytes) as? [String: Any])
        let token = try #require(created["token"] as? String)
        let sent = try await sender.run("request", "send", token)
        #expect(sent.status == 0, "\(sent.stderr)")
        let senderID = try await nodeID(of: sender)
        let received = try #require(try JSONSerialization.jsonObject(with: await receiver.run("requests", "--json").stdoutBytes) as? [[String: Any]])
        return try #require(received.first { $0["sender"] as? String == senderID }?["id"] as? String)
    }

    static func nodeID(of home: CLI) async throws -> String {
        try #require(try JSONSerialization.jsonObject(with: await home.run("card", "show", "--json").stdoutBytes) as? [String: Any])["nodeId"] as? String ?? ""
    }
}
