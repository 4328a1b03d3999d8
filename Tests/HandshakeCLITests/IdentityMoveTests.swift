import Foundation
import HandshakeCore
import HandshakeTestSupport
import Testing

/// Moving to a new key through the program, against a real `handshake serve`: Ada moves; Bob, who has her old
/// card, refreshes it from her server and keeps her as the same contact on the new key, told so, with his alias
/// kept and the code comparison to do again; the next refresh asks for the new key and costs a 304. A script is
/// not asked and must say --yes; a server that does not answer leaves Ada on her old key.
@Suite(.serialized) struct IdentityMoveTests {
    @Test func aContactWhoMovedIsTheSameContactOnTheNewKey() async throws {
        let server = try await ServeCommandTests.Server.running()
        defer { if server.process.isRunning { server.process.terminate() } }
        let homes = try await CLI.registered(["Ada Lovelace", "Bob Babbage"], at: server.url)
        let (ada, bob) = (homes[0], homes[1])
        let card = ada.file("ada.hs1")
        #expect(try await ada.run("card", "export", "--format", "qr-text", "-o", card.path).status == 0)
        #expect(try await bob.run("add", "--yes", card.path).status == 0)
        #expect(try await bob.run("contact", "set", "Ada Lovelace", "--alias", "Countess").status == 0)
        let oldNodeID = try await Self.nodeID(of: ada)

        let unasked = try await ada.run("identity", "move")
        #expect(unasked.status != 0 && unasked.stderr.contains("Move with --yes. Nothing was changed."), "\(unasked.stderr)")
        #expect(try await Self.nodeID(of: ada) == oldNodeID)

        let moved = try await ada.run("identity", "move", "--yes", "--json")
        #expect(moved.status == 0, "\(moved.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: moved.stdoutBytes) as? [String: Any])
        let newNodeID = try #require(report["nodeId"] as? String)
        #expect(report["movedFrom"] as? String == oldNodeID && newNodeID != oldNodeID && report["server"] as? String == server.url)
        #expect(try await Self.nodeID(of: ada) == newNodeID)

        let refreshed = try await bob.run("contacts", "refresh")
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(refreshed.stdout.contains("Countess: a new key, vouched for by their old one; no field changed."), "\(refreshed.stdout)")
        let shown = try await bob.run("contact", "show", "Countess", "--json")
        let contact = try #require(try JSONSerialization.jsonObject(with: shown.stdoutBytes) as? [String: Any])
        #expect(contact["nodeId"] as? String == newNodeID, "\(contact)")
        let page = try await bob.run("contact", "show", "Countess")
        #expect(page.stdout.contains("Updated today: a new key, vouched for by their old one."), "\(page.stdout)")
        let list = try await bob.run("contacts", "--json")
        #expect((try JSONSerialization.jsonObject(with: list.stdoutBytes) as? [Any])?.count == 1, "one contact, not two: \(list.stdout)")

        // Next time Bob asks for the new key, and nothing new costs a 304.
        let again = try #require(try JSONSerialization.jsonObject(with: await bob.run("contacts", "refresh", "--json").stdoutBytes) as? [[String: Any]])
        #expect(again.first?["outcome"] as? String == "unchanged" && again.first?["nodeId"] as? String == newNodeID, "\(again)")

        // Ada's changes on the new key reach Bob as any change does.
        #expect(try await ada.run("card", "set", "--title", "Analyst").status == 0)
        let titled = try await bob.run("contacts", "refresh")
        #expect(titled.stdout.contains("Countess: a newer card, which changes title."), "\(titled.stdout)")

        // A server that does not answer: Ada stays on her key.
        #expect(try await server.stop() == 0)
        let failed = try await ada.run("identity", "move", "--yes")
        #expect(failed.status != 0, "\(failed.stdout)")
        #expect(try await Self.nodeID(of: ada) == newNodeID)
    }

    static func nodeID(of home: CLI) async throws -> String {
        let shown = try await home.run("card", "show", "--json")
        return (try JSONSerialization.jsonObject(with: shown.stdoutBytes) as? [String: Any])?["nodeId"] as? String ?? ""
    }
}
