import Foundation
import HandshakeTestSupport
import Testing

/// Every screen of `handshake app` holding the longest and most hostile text there is, at a phone's size
/// (390×844) in Chromium (Playwright, Tests/HandshakeCLITests/Browser/long_text.py): Ada's own card with a
/// 64-character word in every field; Eve, whose card's name is markup with a quote and a combining mark and whose
/// fields are 64-character words, with a long alias, tags and notes; and an address book imported by
/// `handshake import` whose entry carries bidirectional overrides, zero-width characters, 500 combining marks on
/// one letter and 5,000-character fields (issue 36). No screen is wider than the phone
/// (`document.documentElement.scrollWidth <= innerWidth`) and axe-core finds no violation on any; the missing
/// contact and the unknown path are pages of the app; the refusal page's stylesheet loads. Screenshots go to
/// `.build/artifacts/app/long-text-*`.
@Suite("handshake app with long and hostile text", .serialized, .tags(.runsAlone), .timeLimit(.minutes(3)))
struct AppLongTextTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/long_text.py")
    static let artifacts = AppBrowserTests.artifacts

    /// A word of `count` letters with no place to break it.
    static func word(_ letter: String, _ count: Int) -> String { String(repeating: letter, count: count) }

    /// The card fields of `card set`, each as long as the card allows, without a space.
    static func longFields(_ letter: String) -> [String] {
        [
            "--company", word(letter, 64), "--title", word(letter, 64), "--location", word(letter, 128), "--bio", word(letter, 64) + "\n" + word(letter, 64),
            "--email", word(letter.lowercased(), 64) + "@example.com", "--phone", "+44 20 7946 0000 0000 0000 00000",
            "--skill", word(letter, 48), "--link", "github=https://github.com/" + word(letter.lowercased(), 64),
        ]
    }

    @Test("every screen at 390 px holds the longest and most hostile text, with no axe violation")
    func everyScreenFitsAPhone() async throws {
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let ada = try CLI(), eve = try CLI(), bob = try CLI()
        try #require(await ada.run(["init", "--name", Self.word("A", 64)]).status == 0)
        try #require(await ada.run(["card", "set"] + Self.longFields("M")).status == 0)
        // Markup, a quote carrying a combining mark, then one long word: 64 scalars in all.
        let hostile = "<img src=x onerror=alert(1)>\"\u{301}"
        let eveName = hostile + Self.word("E", 64 - hostile.unicodeScalars.count)
        try #require(await eve.run(["init", "--name", eveName]).status == 0)
        try #require(await eve.run(["card", "set"] + Self.longFields("V")).status == 0)
        let evesCard = eve.file("eve.txt")
        try #require(await eve.run("card", "export", "--format", "qr-text", "-o", evesCard.path).status == 0)
        try #require(await ada.run("add", "--yes", evesCard.path).status == 0)
        try #require(
            await ada.run(["contact", "set", eveName, "--alias", Self.word("L", 64), "--tag", Self.word("T", 32), "--notes", Self.word("N", 300)]).status == 0)
        // An address book whose one entry holds what no card may: bidirectional overrides, zero-width
        // characters, 500 combining marks on one letter, and 5,000-character fields.
        let stacked = "Z" + String(repeating: "\u{0301}", count: 500)
        let vcard = [
            "BEGIN:VCARD", "VERSION:3.0", "FN:\u{202E}Mallory\u{200B}\u{200B}" + stacked + "\u{202C}" + Self.word("Q", 5_000),
            "ORG:" + Self.word("O", 5_000), "NOTE:" + Self.word("B", 5_000), "EMAIL:" + Self.word("m", 64) + "@example.com", "END:VCARD", "",
        ].joined(separator: "\r\n")
        let book = ada.file("book.vcf")
        try Data(vcard.utf8).write(to: book)
        let imported = try await ada.run("import", book.path)
        try #require(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("was shortened to 64"), "handshake import says what it shortened: \(imported.stderr)")
        try #require(await bob.run(["init", "--name", Self.word("B", 64)]).status == 0)
        try #require(await bob.run(["card", "set"] + Self.longFields("W")).status == 0)
        let bobsCard = try await bob.run("card", "export", "--format", "qr-text").stdout.trimmingCharacters(in: .whitespacesAndNewlines)

        let (app, url) = try await ada.startApp()
        defer { app.terminate() }
        let driven = try await CLI.runTool("python3", [Self.script.path, url, Self.artifacts.path, bobsCard])
        try #require(driven.status == 0, "the browser script failed (scripts/install-test-tools installs playwright): \(driven.stderr)")
        let seen = try #require(try JSONSerialization.jsonObject(with: driven.stdoutBytes) as? [String: Any])
        let screens = try #require(seen["screens"] as? [String: [String: Any]])

        #expect(seen["dialogs"] as? [String] == [], "a script ran from a name")
        #expect(seen["contactLinks"] as? Int == 2)
        let expected = [
            "contacts", "contact-0", "contact-1", "delete", "contact-saved", "my-card", "edit-card", "add", "face-to-face", "requests", "settings",
            "missing-contact", "unknown-path", "add-confirm", "add-refused",
        ]
        #expect(Set(screens.keys) == Set(expected))
        for (name, screen) in screens.sorted(by: { $0.key < $1.key }) {
            let scroll = screen["scrollWidth"] as? Int ?? .max, inner = screen["innerWidth"] as? Int ?? 0
            #expect(inner == 390 && scroll <= inner, "\(name) is \(scroll) px wide at \(inner) px: \(screen["wide"] ?? "")")
            #expect(screen["axe"] as? [String] == [], "\(name): \(screen["axe"] ?? "")")
        }
        #expect(screens["missing-contact"]?["status"] as? Int == 404 && screens["unknown-path"]?["status"] as? Int == 404)
        let contactText = (seen["contactText"] as? [String] ?? []).joined(separator: "\n")
        #expect((seen["contactNotes"] as? [String])?.contains(Self.word("N", 300)) == true, "Eve's stored notes are on her page")
        #expect(contactText.contains(Self.word("V", 64) + "\n" + Self.word("V", 64)), "the bio keeps its line break")
        #expect(!contactText.contains(Self.word("Q", 65)) && !contactText.contains(Self.word("O", 65)), "the import kept no 5,000-character field")
        #expect((seen["notesStatus"] as? String)?.hasPrefix("Saved your notes on ") == true && seen["notesKept"] as? String == "First line\nSecond line")
        // Known defect, left for the lead: saving a preference from the contact page answers "There is no such
        // contact." in Chromium (POST /contacts/ID/preferences), not yet found.
        #expect(seen["callsChosen"] as? String == "no", "\(seen["afterPreferences"] ?? "")")
        #expect(seen["confirmHeading"] as? String == Self.word("B", 64))
        #expect(seen["refusalStylesheet"] as? [Int] == [200], "the refusal page's stylesheet loads")
        #expect((seen["refusalFont"] as? String)?.contains("system-ui") == true)
    }
}
