import Foundation
import HandshakeHTML
import HandshakeTestSupport
import Testing

/// What a person typed comes back as typed, in Chromium (Playwright, Tests/HandshakeCLITests/Browser/typed_text.py):
/// a bio of three lines set with `card set` survives saving another field in the card editor, a bio typed on two
/// lines there is kept whole, and a box the web app refills (a refused note, an edited field) holds every scalar it
/// was given, hidden ones included, as the browser reads it back: never the visible escape that shows them.
@Suite("handshake app gives back what was typed", .serialized, .tags(.runsAlone), .timeLimit(.minutes(3)))
struct AppTypedTextTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/typed_text.py")

    @Test("a multi-line bio keeps its lines through the editor; refilled boxes hold exactly what they were given")
    func typedTextComesBack() async throws {
        let ada = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        let threeLines = "Mathematician.\nWrites on the Analytical Engine.\nLondon."
        try #require(await ada.run("card", "set", "--bio", threeLines).status == 0)
        // Text the renderer puts back into boxes: a bidirectional override, a zero-width space, markup, a
        // combining mark on a quote and a C1 control the parser cannot take as a reference.
        let hostile = "See you\u{202E} soon \"\u{301}<b>\u{200B}\u{85}"
        let page = HTML.div {
            HTML.textarea(.id("box")) { .text(hostile) }
            HTML.input(.id("line"), .value(hostile))
        }.description
        let argument = String(decoding: try JSONSerialization.data(withJSONObject: ["page": page]), as: UTF8.self)

        let (app, url) = try await ada.startApp()
        defer { app.terminate() }
        let driven = try await CLI.runTool("python3", [Self.script.path, url, argument])
        try #require(driven.status == 0, "the browser script failed (scripts/install-test-tools installs playwright): \(driven.stderr)")
        let seen = try #require(try JSONSerialization.jsonObject(with: driven.stdoutBytes) as? [String: Any])

        #expect(seen["dialogs"] as? [String] == [])
        #expect(seen["bioShown"] as? String == threeLines, "the editor shows the bio's three lines")
        #expect((seen["savedAfterTitle"] as? String)?.isEmpty == false)
        #expect(seen["bioAfterTitle"] as? String == threeLines, "saving the title kept the bio whole")
        #expect(seen["bioTyped"] as? String == "Typed here\nand on a second line", "a bio typed on two lines is kept on two")
        let shown = try JSONSerialization.jsonObject(with: try await ada.run("card", "show", "--json").stdoutBytes) as? [String: Any]
        #expect(shown?["bio"] as? String == "Typed here\nand on a second line", "the card holds what the box showed")
        #expect(shown?["title"] as? String == "Analyst")
        #expect(seen["boxValue"] as? String == hostile, "the box gives back every scalar it was given")
        #expect(seen["lineValue"] as? String == hostile, "the input's value too")
    }
}
