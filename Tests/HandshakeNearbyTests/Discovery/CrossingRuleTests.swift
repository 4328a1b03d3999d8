import Foundation
@_spi(Wire) import HandshakeNearby
import Testing

/// The crossing rule (docs/protocols/nearby-discovery.md §10) and the lobby a screen draws.
struct CrossingRuleTests {
    static let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/protocols/nearby-discovery.md")

    /// The rows of the worked example's table: this device, the other (found, not chosen), and whether it connects at once.
    static func documentedRows() throws -> [(String, String, Bool)] {
        let text = try String(contentsOf: doc, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- worked-example: crossing -->")).upperBound
        return text[start...].split(separator: "\n").prefix { !$0.isEmpty }.compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3, cells[0].hasPrefix("`") else { return nil }
            return (cells[0].trimmingCharacters(in: ["`"]), cells[1].trimmingCharacters(in: ["`"]), cells[2].hasPrefix("yes"))
        }
    }

    @Test func theDocumentedExampleIsWhatTheRuleDecides() throws {
        let rows = try Self.documentedRows()
        #expect(rows.count == 3)
        for (own, other, connects) in rows {
            #expect(CrossingRule.connectsFirst(own: own, other: other) == connects, "\(own) → \(other)")
        }
    }

    @Test func exactlyOneOfTwoConnectsFirst() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let a = NearbyInstanceID.random(using: &generator).text
            let b = NearbyInstanceID.random(using: &generator).text
            guard a != b else { continue }
            #expect(CrossingRule.connectsFirst(own: a, other: b) != CrossingRule.connectsFirst(own: b, other: a))
        }
        #expect(CrossingRule.grace == .seconds(2))
    }

    static func peer(_ id: String, name: String? = nil) -> NearbyPeer {
        NearbyPeer(id: id, displayName: name, version: 1, addresses: [IPv4Address(10, 213, 0, 2)], port: 47000, host: "\(id).local")
    }

    @Test func theLobbyNumbersPeopleInTheOrderFoundAndResolvesAChoice() {
        var lobby = NearbyLobby(own: "0000000000000000")
        #expect(lobby.apply(.found(Self.peer("k7m2q9xw4d1c8hbt", name: "Ada"))) == .found(Self.peer("k7m2q9xw4d1c8hbt", name: "Ada"), number: 1))
        #expect(lobby.apply(.found(Self.peer("3a8rm5n0wq2yc6hd", name: "Bob"))) == .found(Self.peer("3a8rm5n0wq2yc6hd", name: "Bob"), number: 2))
        #expect(lobby.apply(.updated(Self.peer("3a8rm5n0wq2yc6hd", name: "Bob B"))) == .updated(Self.peer("3a8rm5n0wq2yc6hd", name: "Bob B")))
        #expect(lobby.peer(typed: "2")?.id == "3a8rm5n0wq2yc6hd")
        #expect(lobby.peer(typed: "ada")?.id == "k7m2q9xw4d1c8hbt")
        #expect(lobby.peer(typed: "k7m2")?.id == "k7m2q9xw4d1c8hbt")
        #expect(lobby.peer(typed: "k7m") == nil, "fewer than four characters of an id name nobody")
        #expect(lobby.peer(typed: "3") == nil)

        #expect(lobby.apply(.lost("k7m2q9xw4d1c8hbt")) == .lost(id: "k7m2q9xw4d1c8hbt"))
        #expect(lobby.apply(.lost("k7m2q9xw4d1c8hbt")) == .none)
        #expect(lobby.people.map(\.id) == ["3a8rm5n0wq2yc6hd"])
        #expect(lobby.number(of: "3a8rm5n0wq2yc6hd") == 2, "a number is kept while its peer is around")
        #expect(lobby.apply(.found(Self.peer("k7m2q9xw4d1c8hbt"))) == .found(Self.peer("k7m2q9xw4d1c8hbt"), number: 1), "back with its old number")

        lobby.choice = "bob b"
        #expect(lobby.chosenPeer?.id == "3a8rm5n0wq2yc6hd")
        #expect(lobby.connectsFirst(to: Self.peer("3a8rm5n0wq2yc6hd")))
    }
}
