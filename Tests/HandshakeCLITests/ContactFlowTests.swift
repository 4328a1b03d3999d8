import Foundation
import Testing

@testable @_spi(Wire) import HandshakeCore

@Suite("two people exchanging cards")
struct ContactFlowTests {
    /// Reads a command's JSON output as a dictionary.
    func json(_ result: CLI.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any], "\(result.stdout)\(result.stderr)")
    }

    /// A card claiming `victim`'s Node ID but carrying and signed by another key.
    func forgedCard(claiming victim: [UInt8]) throws -> [UInt8] {
        let decoder = CBORDecoder()
        let envelope = try COSESign1(try decoder.decode(victim), decoder: decoder)
        guard case .map(let pairs) = try decoder.decode(envelope.payload) else { throw CancellationError() }
        let mallory = Identity.generate()
        let forged = pairs.map { pair in
            switch pair.key.intValue {
            case 3: return CBORPair(pair.key, .bytes(mallory.sigKey.rawRepresentation))
            case 4: return CBORPair(pair.key, .bytes(mallory.encKey.rawRepresentation))
            default: return pair
            }
        }
        return COSESign1.sign(payload: CBOREncoder.encode(.map(forged)), with: mallory.signRaw).encoded
    }

    @Test("A shares, B adds, A edits and shares again, B updates keeping the alias; replays ignored, forgeries refused, same security code")
    func wholeFlow() async throws {
        let ada = try CLI(), bob = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        try #require(await ada.run("card", "set", "--email", "ada@example.com").status == 0)
        try #require(await bob.run("init", "--name", "Bob Babbage").status == 0)

        // A shares; B adds.
        let firstPath = ada.file("first.cbor").path
        try #require(await ada.run("card", "export", "--format", "cbor", "-o", firstPath).status == 0)
        let added = try await bob.run("add", "--yes", firstPath)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Ada Lovelace"))
        #expect(try await bob.run("contact", "set", "ada", "--alias", "Countess").status == 0)

        // A edits and shares again; B's entry updates and keeps its alias.
        try #require(await ada.run("card", "set", "--title", "Analyst").status == 0)
        let second = try await ada.run("card", "export", "--format", "qr-text").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let updated = try await bob.run("add", "--yes", second)
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout.contains("title: (none) → Analyst"))
        var shown = try json(try await bob.run("contact", "show", "countess", "--json"))
        #expect(shown["title"] as? String == "Analyst")
        #expect(shown["alias"] as? String == "Countess")
        #expect(shown["cardHistory"] as? Int == 1)

        // The older card, replayed, is ignored.
        let replay = try await bob.run("add", "--yes", firstPath)
        #expect(replay.status == 0)
        #expect(replay.stdout.contains("already have"))
        shown = try json(try await bob.run("contact", "show", "countess", "--json"))
        #expect(shown["title"] as? String == "Analyst")

        // A different key claiming A's Node ID is refused, and changes nothing.
        let forgedPath = bob.file("forged.cbor")
        try Data(try forgedCard(claiming: Array(try Data(contentsOf: URL(fileURLWithPath: firstPath))))).write(to: forgedPath)
        let forged = try await bob.run("add", "--yes", forgedPath.path)
        #expect(forged.status == 1)
        #expect(forged.stderr.contains("forged"))
        #expect(try json(try await bob.run("contact", "show", "countess", "--json"))["didKey"] as? String == shown["didKey"] as? String)
        #expect(try await bob.run("contacts", "--json").stdout.components(separatedBy: "\"nodeId\"").count == 2)

        // A adds B too; both see the same security code for each other.
        let bobCard = try await bob.run("card", "export", "--format", "link").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await ada.run("add", "--yes", bobCard).status == 0)
        let codeAtBob = try json(try await bob.run("contact", "verify", "countess", "--json"))
        let codeAtAda = try json(try await ada.run("contact", "verify", "bob", "--json"))
        let digits = try #require(codeAtBob["code"] as? String)
        #expect(digits.count == 60)
        #expect(codeAtAda["code"] as? String == digits)

        // Typing it marks verified; scanning Ada's screen works too; a wrong code is refused.
        let groups = try #require(codeAtAda["groups"] as? [String])
        #expect(try await bob.run("contact", "verify", "countess", "--code", groups.joined(separator: " ")).status == 0)
        #expect(try json(try await bob.run("contact", "show", "countess", "--json"))["securityCodeVerifiedAt"] != nil)
        let scannable = try #require(codeAtAda["scannable"] as? String)
        #expect(try await bob.run("contact", "verify", "countess", "--scan", scannable).status == 0)
        // Bob's own screen, scanned by Bob, is not Ada's.
        let own = try #require(codeAtBob["scannable"] as? String)
        let wrongScan = try await bob.run("contact", "verify", "countess", "--scan", own)
        #expect(wrongScan.status == 1)
        #expect(wrongScan.stderr.contains("Incorrect security code"))
        #expect(try await bob.run("contact", "verify", "countess", "--clear").status == 0)
        #expect(try json(try await bob.run("contact", "show", "countess", "--json"))["securityCodeVerifiedAt"] == nil)

        // B re-shares A's original card: anyone can verify it, and it carries none of B's notes.
        let exported = try await bob.run("contact", "export", "countess", "--format", "link")
        #expect(exported.status == 0)
        let carol = try CLI()
        let verdict = try json(try await carol.run("card", "verify", "--json", exported.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(verdict["valid"] as? Bool == true)
        #expect(!exported.stdout.contains("Countess"))
    }

    @Test("a blocked contact's newer cards are ignored; delete asks scripts for --yes")
    func blockAndDelete() async throws {
        let ada = try CLI(), bob = try CLI()
        try #require(await ada.run("init", "--name", "Ada").status == 0)
        let first = try await ada.run("card", "export", "--format", "link").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await bob.run("add", "--yes", "--trust", "BLOCKED", first).status == 0)
        try #require(await ada.run("card", "set", "--title", "Analyst").status == 0)
        let second = try await ada.run("card", "export", "--format", "link").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let ignored = try await bob.run("add", "--yes", second)
        #expect(ignored.status == 0)
        #expect(ignored.stdout.contains("blocked"))
        #expect(try json(try await bob.run("contact", "show", "ada", "--json"))["title"] == nil)
        let refused = try await bob.run("contact", "delete", "ada")
        #expect(refused.status != 0)
        #expect(try await bob.run("contacts", "--json").stdout.contains("Ada"))
        let deleted = try await bob.run("contact", "delete", "ada", "--yes")
        #expect(deleted.status == 0)
        #expect(deleted.stdout.contains("BLOCKED"))
        #expect(!(try await bob.run("contacts", "--json").stdout.contains("Ada")))
    }

    @Test("a new identity sharing an email: scripts must choose, --merge moves the local fields")
    func mergeFlow() async throws {
        let old = try CLI(), new = try CLI(), bob = try CLI()
        try #require(await old.run("init", "--name", "Ada").status == 0)
        try #require(await old.run("card", "set", "--email", "ada@example.com").status == 0)
        try #require(await new.run("init", "--name", "Ada L").status == 0)
        try #require(await new.run("card", "set", "--email", "ADA@example.com").status == 0)
        let oldCard = try await old.run("card", "export", "--format", "link").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let newCard = try await new.run("card", "export", "--format", "link").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await bob.run("add", "--yes", oldCard).status == 0)
        #expect(try await bob.run("contact", "set", "ada", "--alias", "Countess", "--tag", "maths").status == 0)
        let undecided = try await bob.run("add", "--yes", newCard)
        #expect(undecided.status == 1)
        #expect(undecided.stderr.contains("--merge or --separate"))
        let merged = try await bob.run("add", "--yes", "--merge", newCard)
        #expect(merged.status == 0, "\(merged.stderr)")
        let contacts = try #require(try JSONSerialization.jsonObject(with: try await bob.run("contacts", "--json").stdoutBytes) as? [[String: Any]])
        #expect(contacts.count == 1)
        #expect(contacts.first?["alias"] as? String == "Countess")
        #expect(contacts.first?["name"] as? String == "Ada L")
        #expect(contacts.first?["tags"] as? [String] == ["maths"])
        #expect(try json(try await bob.run("contact", "show", "countess", "--json"))["cardHistory"] as? Int == 1)
    }
}
