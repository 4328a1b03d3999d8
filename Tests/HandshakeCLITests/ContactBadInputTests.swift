import Foundation
import Testing

/// Every command refuses bad input with a clear message and a non-zero exit, and changes nothing.
@Suite("contact commands with bad input")
struct ContactBadInputTests {
    let bob: CLI

    init() async throws {
        bob = try CLI()
        try #require(await bob.run("init", "--name", "Bob").status == 0)
        for name in ["Sam Smith", "Sam Smith", "Ada Lovelace"] {
            let person = try CLI()
            try #require(await person.run("init", "--name", name).status == 0)
            let link = try await person.run("card", "export", "--format", "link").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            try #require(await bob.run("add", "--yes", link).status == 0)
        }
        try #require(await bob.run("contact", "set", "ada", "--notes", "original notes", "--tag", "maths").status == 0)
    }

    /// The whole book as JSON: compared before and after each bad command.
    func snapshot() async throws -> String {
        try await bob.run("contacts", "--json").stdout
    }

    static let cases: [(arguments: [String], message: String)] = [
        (["contact", "show", "nobody"], "No contact matches \"nobody\""),
        (["contact", "show", "sam"], "matches 2 contacts"),
        (["contact", "set", "nobody", "--alias", "x"], "No contact matches"),
        (["contact", "set", "sam", "--alias", "x"], "matches 2 contacts"),
        (["contact", "set", "ada", "--tag", String(repeating: "t", count: 33)], "at most 32"),
        (["contact", "set", "ada", "--notes", String(repeating: "n", count: 1025)], "1024 characters"),
        (["contact", "set", "ada", "--alias", "A", "--tag", "1", "--tag", "2", "--tag", "3", "--tag", "4", "--tag", "5",
          "--tag", "6", "--tag", "7", "--tag", "8", "--tag", "9", "--tag", "10"], "at most 10 tags"),
        (["contact", "set", "ada", "--pref", "telepathy=yes"], "FEATURE one of"),
        (["contact", "set", "ada", "--pref", "voice=maybe"], "always, yes, no or default"),
        (["contact", "set", "ada", "--ttl", "soon"], "--ttl takes"),
        (["contact", "set", "ada", "--trust", "FRIEND"], "FRIEND"),
        (["contact", "set", "ada", "--pin", "--unpin"], "one of --pin and --unpin"),
        (["contact", "set", "ada"], "Nothing to change"),
        (["contact", "verify", "ada", "--code", "12345 67890"], "Incorrect security code"),
        (["contact", "verify", "ada", "--code", "abc"], "only digits"),
        (["contact", "verify", "ada", "--scan", "HSC1:XYZ"], "Incorrect security code"),
        (["contact", "verify", "nobody"], "No contact matches"),
        (["contact", "export", "sam", "--format", "link"], "matches 2 contacts"),
        (["contact", "delete", "nobody", "--yes"], "No contact matches"),
        (["contact", "delete", "sam", "--yes"], "matches 2 contacts"),
        (["add", "--yes", "HS1:NOT-A-CARD-AT-ALL-REALLY"], "Rejected"),
        (["add", "--yes", "HS1:XYZ"], "Rejected"),  // short, but it says it is a card: damaged, not a missing file
        (["card", "verify", "handshake://card#XYZ"], "Rejected"),
        (["add", "--yes", "--merge", "--separate", "-"], "one of --merge and --separate"),
        (["add", "--trust", "FRIEND", "-"], "FRIEND"),
        (["contacts", "--trust", "FRIEND"], "FRIEND"),
        (["contacts", "--limit", "0"], "--limit must be at least 1"),
        (["import", "no-such-file.vcf"], "no file named"),
    ]

    @Test("bad input: clear message, non-zero exit, nothing changed", arguments: 0..<cases.count)
    func badInput(index: Int) async throws {
        let (arguments, message) = Self.cases[index]
        let before = try await snapshot()
        let result = try await bob.run(arguments)
        #expect(result.status != 0, "\(arguments) exited 0")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        await #expect(try snapshot() == before, "\(arguments) changed the book")
    }

    @Test("ambiguity lists the candidates, and #ID picks one")
    func candidates() async throws {
        let result = try await bob.run("contact", "show", "sam")
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("  #") }
        #expect(lines.count == 2)
        let id = try #require(lines.first?.split(separator: " ").first(where: { $0.hasPrefix("#") }))
        #expect(try await bob.run("contact", "show", String(id)).status == 0)
    }
}
