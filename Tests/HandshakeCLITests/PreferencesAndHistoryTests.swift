import Foundation
import Testing

/// `handshake preferences` (the user's own defaults) and `handshake contact history` (earlier cards and
/// what each newer one changed).
@Suite("preferences and card history")
struct PreferencesAndHistoryTests {
    func object(_ result: CLI.Result) throws -> Any {
        try JSONSerialization.jsonObject(with: result.stdoutBytes)
    }

    @Test("a default set with preferences applies to every contact left at default; default gives the built-in one back")
    func userDefaults() async throws {
        let ada = try CLI(), bob = try CLI()
        try #require(await ada.run("init", "--name", "Ada").status == 0)
        try #require(await bob.run("init", "--name", "Bob").status == 0)
        let card = try await ada.run("card", "export", "--format", "link").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(await bob.run("add", "--yes", card).status == 0)

        let set = try await bob.run("preferences", "--pref", "voice=no", "--pref", "files=yes", "--json")
        #expect(set.status == 0)
        let defaults = try #require(try object(set) as? [String: String])
        #expect(defaults["voice"] == "no" && defaults["files"] == "yes" && defaults["calls"] == "yes")

        let shown = try #require(try object(try await bob.run("contact", "show", "ada", "--json")) as? [String: Any])
        let preferences = try #require(shown["preferences"] as? [[String: String]])
        let voice = try #require(preferences.first { $0["feature"] == "voice" })
        #expect(voice["setting"] == "default" && voice["userAllows"] == "no")

        #expect(try await bob.run("preferences", "--pref", "voice=default").status == 0)
        #expect((try object(try await bob.run("preferences", "--json")) as? [String: String])?["voice"] == "yes")

        let bad = try await bob.run("preferences", "--pref", "voice=maybe")
        #expect(bad.status == 2 && bad.stderr.contains("takes always, yes, no or default"))
    }

    @Test("history lists the earlier cards newest first, with what each newer card changed")
    func history() async throws {
        let ada = try CLI(), bob = try CLI()
        try #require(await ada.run("init", "--name", "Ada").status == 0)
        func handOver() async throws {
            let card = try await ada.run("card", "export", "--format", "link").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            try #require(await bob.run("add", "--yes", card).status == 0)
        }
        try await handOver()
        try #require(await ada.run("card", "set", "--company", "Analytical Engines", "--title", "Analyst").status == 0)
        try await handOver()
        try #require(await ada.run("card", "set", "--title", "Countess").status == 0)
        try await handOver()

        let entries = try #require(try object(try await bob.run("contact", "history", "ada", "--json")) as? [[String: Any]])
        #expect(entries.count == 3)
        #expect(entries.map { $0["changedByNext"] as? [String] ?? ["?"] } == [[], ["title"], ["company", "title"]])
        #expect(entries.first?["replacedAt"] == nil && entries.dropFirst().allSatisfy { $0["replacedAt"] is String })

        let text = try await bob.run("contact", "history", "ada")
        #expect(text.status == 0)
        #expect(text.stdout.contains("changed: title") && text.stdout.contains("changed: company, title"))

        let entry = bob.file("entry.vcf")
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Sam Plain\r\nEND:VCARD\r\n".utf8).write(to: entry)
        try #require(await bob.run("import", entry.path).status == 0)
        let none = try await bob.run("contact", "history", "sam")
        #expect(none.status == 1 && none.stderr.contains("no signed card"))
    }
}
