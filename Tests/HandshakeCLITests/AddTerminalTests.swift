import Foundation
import HandshakeTestSupport
import Testing

/// `handshake add`'s questions as a person answers them on a real terminal (tmux): Add or Ignore; Merge,
/// Add separately or Ignore for a card sharing an email; and, after a card scanned from a QR code was
/// added, the offer to show one's own card for the other person to scan back.
@Suite("handshake add on a terminal", .serialized, .timeLimit(.minutes(3)))
struct AddTerminalTests {
    /// Ada and Bob, each with an identity; Ada shares an email, so a second identity of hers can match.
    func people() async throws -> (ada: CLI, bob: CLI) {
        let ada = try CLI(), bob = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        try #require(await ada.run("card", "set", "--email", "ada@example.com").status == 0)
        try #require(await ada.run("card", "profile", "--share", "name,emails").status == 0)
        try #require(await bob.run("init", "--name", "Bob Babbage").status == 0)
        return (ada, bob)
    }

    /// `person`'s card as QR text in a file of `receiver`'s.
    func qrFile(of person: CLI, for receiver: CLI, named name: String) async throws -> String {
        let text = try await person.run("card", "export", "--format", "qr-text").stdout
        let file = receiver.file(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// `handshake add FILE --source qr` for `person`, on a terminal, ending with its exit status on screen.
    func addOnTerminal(_ person: CLI, _ file: String) throws -> TmuxTerminal {
        let command = ["env", "HANDSHAKE_HOME=\(person.home.path)", try CLI.binary.path, "add", file, "--source", "qr"]
            .map { "'\($0)'" }.joined(separator: " ")
        return try TmuxTerminal("\(command); echo \"[exit $?]\"")
    }

    func contactNames(_ person: CLI) async throws -> [String] {
        let list = try JSONSerialization.jsonObject(with: try await person.run("contacts", "--json").stdoutBytes) as? [[String: Any]] ?? []
        return list.compactMap { $0["name"] as? String }
    }

    @Test("add, then show one's own card for them to scan back")
    func addAndShareBack() async throws {
        let (ada, bob) = try await people()
        let terminal = try await addOnTerminal(bob, try qrFile(of: ada, for: bob, named: "ada.txt"))
        defer { terminal.close() }
        let question = try terminal.waitFor("the Add question") { $0.contains("Add Ada Lovelace? [a]dd / [i]gnore") }
        #expect(question.contains("ada@example.com"), "\(question)")
        try terminal.type("a")
        _ = try terminal.waitFor("the scan-back offer") { $0.contains("Show your card for Ada Lovelace to scan back? [s]how / [n]o") }
        try terminal.type("s")
        let end = try terminal.waitFor("the program's end") { $0.contains("[exit ") }
        #expect(end.contains("Added Ada Lovelace to your contacts.") && end.contains("Trust: TRUSTED."), "\(end)")
        let shown = try JSONSerialization.jsonObject(with: try await bob.run("card", "show", "--json").stdoutBytes) as? [String: Any]
        let bobNodeID = try #require(shown?["nodeId"] as? String)
        #expect(end.contains("Bob Babbage") && end.contains("Node ID \(bobNodeID)"), "\(end)")
        #expect(end.contains("Or read this code aloud:"), "\(end)")
        #expect(end.contains("[exit 0]"), "\(end)")
        await #expect(try contactNames(bob) == ["Ada Lovelace"])
    }

    @Test("ignore stores nothing")
    func ignore() async throws {
        let (ada, bob) = try await people()
        let terminal = try await addOnTerminal(bob, try qrFile(of: ada, for: bob, named: "ada.txt"))
        defer { terminal.close() }
        _ = try terminal.waitFor("the Add question") { $0.contains("Add Ada Lovelace? [a]dd / [i]gnore") }
        try terminal.type("i")
        let end = try terminal.waitFor("the program's end") { $0.contains("[exit ") }
        #expect(end.contains("Ignored; nothing was stored.") && end.contains("[exit 0]"), "\(end)")
        #expect(!end.contains("scan back"), "\(end)")
        await #expect(try contactNames(bob).isEmpty)
    }

    @Test("a new identity sharing an email: merge at the prompt, or add it separately without a second question")
    func mergeOrSeparate() async throws {
        let (ada, bob) = try await people()
        try #require(await bob.run("add", "--yes", try qrFile(of: ada, for: bob, named: "old.txt")).status == 0)
        try #require(await bob.run("contact", "set", "ada", "--alias", "Countess").status == 0)
        let newAda = try CLI()
        try #require(await newAda.run("init", "--name", "Ada L").status == 0)
        try #require(await newAda.run("card", "set", "--email", "ADA@example.com").status == 0)
        try #require(await newAda.run("card", "profile", "--share", "name,emails").status == 0)
        let newCard = try await qrFile(of: newAda, for: bob, named: "new.txt")

        // Separately first, on a copy of Bob's book, then merge on Bob's own.
        let copy = try CLI()
        try FileManager.default.removeItem(at: copy.home)
        try FileManager.default.copyItem(at: bob.home, to: copy.home)
        let separate = try addOnTerminal(copy, newCard)
        defer { separate.close() }
        let asked = try separate.waitFor("the merge question") { $0.contains("Merge into Countess, add separately, or ignore? [m]erge / [s]eparate / [i]gnore") }
        #expect(asked.contains("This card shares an email or phone number with Countess."), "\(asked)")
        try separate.type("s")
        _ = try separate.waitFor("the scan-back offer") { $0.contains("scan back? [s]how / [n]o") }
        try separate.type("n")
        let separated = try separate.waitFor("the program's end") { $0.contains("[exit ") }
        #expect(!separated.contains("Add Ada L? [a]dd"), "\(separated)")
        #expect(separated.contains("Added Ada L to your contacts.") && separated.contains("[exit 0]"), "\(separated)")
        await #expect(try contactNames(copy).sorted() == ["Ada L", "Ada Lovelace"])

        let merge = try addOnTerminal(bob, newCard)
        defer { merge.close() }
        _ = try merge.waitFor("the merge question") { $0.contains("[m]erge / [s]eparate / [i]gnore") }
        try merge.type("m")
        _ = try merge.waitFor("the scan-back offer") { $0.contains("scan back? [s]how / [n]o") }
        try merge.type("n")
        let merged = try merge.waitFor("the program's end") { $0.contains("[exit ") }
        #expect(merged.contains("Merged: this card is Countess") && merged.contains("[exit 0]"), "\(merged)")
        await #expect(try contactNames(bob) == ["Ada L"])
    }

    @Test("a newer card of a contact: update, or keep the card you have, as the web app offers")
    func updateOrKeep() async throws {
        let (ada, bob) = try await people()
        try #require(await bob.run("add", "--yes", try qrFile(of: ada, for: bob, named: "old.txt")).status == 0)
        try #require(await ada.run("card", "set", "--title", "Analyst").status == 0)
        try #require(await ada.run("card", "profile", "--share", "name,emails,title").status == 0)
        let newer = try await qrFile(of: ada, for: bob, named: "newer.txt")

        let keep = try addOnTerminal(bob, newer)
        defer { keep.close() }
        let asked = try keep.waitFor("the update question") {
            $0.contains("Update Ada Lovelace with this card, or keep the card you have? [u]pdate / [k]eep")
        }
        #expect(asked.contains("A newer card of Ada Lovelace: it changes title."), "\(asked)")
        try keep.type("k")
        let kept = try keep.waitFor("the program's end") { $0.contains("[exit ") }
        #expect(kept.contains("Kept the card you have of Ada Lovelace; nothing was changed.") && kept.contains("[exit 0]"), "\(kept)")
        #expect(try await !bob.run("contact", "show", "Ada Lovelace").stdout.contains("Analyst"))

        // Without a terminal, only --yes updates.
        let script = try await bob.run("add", newer)
        #expect(script.status != 0 && script.stderr.contains("Update with --yes. Nothing was changed."), "\(script.stderr)")
        let update = try addOnTerminal(bob, newer)
        defer { update.close() }
        _ = try update.waitFor("the update question") { $0.contains("[u]pdate / [k]eep") }
        try update.type("u")
        let updated = try update.waitFor("the program's end") { $0.contains("[exit ") }
        #expect(updated.contains("[exit 0]"), "\(updated)")
        #expect(try await bob.run("contact", "show", "Ada Lovelace").stdout.contains("Analyst"))
    }
}
