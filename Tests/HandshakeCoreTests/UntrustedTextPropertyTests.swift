import Foundation
import HandshakeTestSupport
import Testing

@testable import HandshakeCore

/// The escapers hold for any text, checked on generated hostile strings (HostileStrings: each of & < > " '
/// followed by combining marks, every control and invisible scalar, stacks of marks, emoji sequences),
/// read as scalars: HTML output has no raw markup character, terminal output no control or hidden scalar
/// but the line feeds it keeps, JSON output means the same and hides nothing.
@Suite("UntrustedText: escaping by scalar, on generated hostile text")
struct UntrustedTextPropertyTests {
    static let runs = 3000

    static func strings(seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        return (0..<runs).map { _ in HostileStrings.string(using: &generator) }
    }

    /// Whether `scalar` is one a screen could be controlled by or hide, wherever it stands.
    static func isControlOrInvisible(_ scalar: Unicode.Scalar) -> Bool {
        UntrustedText.isInvisibleControl(scalar) || HiddenScalars.isInvisible(scalar)
    }

    @Test("HTML: no raw & < > \" ' scalar, whatever follows it; every & starts an entity the escaper wrote")
    func htmlHasNoRawMarkup() {
        for text in Self.strings(seed: 1) {
            let escaped = Array(UntrustedText.htmlEscaped(text).unicodeScalars)
            #expect(!escaped.contains { ["<", ">", "\"", "'"].contains($0) }, "\(text.debugDescription)")
            for (index, scalar) in escaped.enumerated() where scalar == "&" {
                // Compared as scalars: "&amp;" followed by a mark is still the entity.
                let rest = escaped[index...]
                #expect(["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].contains { rest.starts(with: $0.unicodeScalars) }, "\(text.debugDescription)")
            }
            // Nothing hidden reaches the page either (line feeds aside, which HTML shows as spaces).
            #expect(!UntrustedText.needsCleaning(UntrustedText.htmlEscaped(text), keepingLineBreaks: true), "\(text.debugDescription)")
        }
    }

    @Test("a quote followed by U+0301 is escaped: the Character is not a quote, its first scalar is")
    func quoteWithCombiningMark() {
        #expect(UntrustedText.htmlEscaped("x\"\u{0301} formaction=/contacts/1/delete x=") == "x&quot;\u{0301} formaction=/contacts/1/delete x=")
        #expect(UntrustedText.htmlEscaped("<\u{0338}script>") == "&lt;\u{0338}script&gt;")
        #expect(UntrustedText.htmlEscaped("Eve'\u{20DD} data-x='1") == "Eve&#39;\u{20DD} data-x=&#39;1")
    }

    @Test("terminal: no control or invisible scalar but the line feeds kept, and nothing left to escape")
    func terminalHasNoControl() {
        for text in Self.strings(seed: 2) {
            let oneLine = UntrustedText.visible(text)
            #expect(!oneLine.unicodeScalars.contains { UntrustedText.isInvisibleControl($0) }, "\(text.debugDescription)")
            #expect(!UntrustedText.needsCleaning(oneLine), "\(text.debugDescription)")
            let lines = UntrustedText.visible(text, keepingLineBreaks: true)
            #expect(!lines.unicodeScalars.contains { $0 != "\n" && UntrustedText.isInvisibleControl($0) }, "\(text.debugDescription)")
            #expect(!UntrustedText.needsCleaning(lines, keepingLineBreaks: true))
            // Escaping is stable: what was escaped is not escaped again.
            #expect(UntrustedText.visible(oneLine) == oneLine)
            // The hidden scalars that stay (a joiner inside an emoji, a selector after one) stay only where
            // they join or select.
            for scalar in oneLine.unicodeScalars where Self.isControlOrInvisible(scalar) {
                #expect([0x200C, 0x200D].contains(scalar.value) || (0xFE00...0xFE0F).contains(scalar.value)
                    || (0xE0020...0xE007F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
                    || (0x180B...0x180F).contains(scalar.value), "\(scalar.value)")
            }
        }
    }

    @Test("every control and invisible scalar alone is escaped for the terminal and in HTML")
    func everyInvisibleScalarAlone() {
        for scalar in HostileStrings.invisibleAndControl {
            let text = "a" + String(String.UnicodeScalarView([scalar])) + "b"
            let expected = "a\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}b"
            #expect(UntrustedText.visible(text) == expected, "U+\(String(scalar.value, radix: 16))")
            if scalar != "\n" { #expect(UntrustedText.htmlEscaped(text) == expected, "U+\(String(scalar.value, radix: 16))") }
        }
    }

    @Test("JSON: the same value read back, with no hidden scalar left raw")
    func jsonMeansTheSame() throws {
        for text in Self.strings(seed: 3) {
            let encoded = String(decoding: try JSONEncoder().encode(["v": text]), as: UTF8.self)
            let escaped = UntrustedText.jsonEscaped(encoded)
            #expect(!UntrustedText.needsCleaning(escaped, keepingLineBreaks: true), "\(text.debugDescription)")
            let back = try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8))
            #expect(back["v"] == text, "\(text.debugDescription)")
        }
        #expect(UntrustedText.jsonEscaped("{\"v\":\"a\u{2028}b\u{200F}c\u{1F}\"}") == "{\"v\":\"a\\u2028b\\u200fc\\u001f\"}")
        #expect(UntrustedText.jsonEscaped("{\"v\":\"\u{E0041}\"}") == "{\"v\":\"\\udb40\\udc41\"}")
    }

    @Test("cleaned: nothing hidden, at most the limit in scalars; quoted: one line")
    func cleanedAndQuoted() {
        for text in Self.strings(seed: 4) {
            let cleaned = UntrustedText.cleaned(text, limit: 20)
            #expect(!UntrustedText.needsCleaning(cleaned) && TextLength.count(cleaned) <= 20, "\(text.debugDescription)")
            let quoted = UntrustedText.quoted(text, limit: 30)
            #expect(!quoted.unicodeScalars.contains { UntrustedText.isInvisibleControl($0) }, "\(text.debugDescription)")
            #expect(TextLength.count(quoted) <= 30 + 3)
        }
    }

    @Test("a stack of marks is cut at the bound: the rest is escaped, not drawn")
    func stackedMarks() {
        let zalgo = "a" + String(repeating: "\u{0301}", count: 500)
        let shown = UntrustedText.visible(zalgo)
        #expect(shown.hasPrefix("a" + String(repeating: "\u{0301}", count: TextLength.maxMarksPerCharacter) + "\\u{301}"))
        #expect(shown.unicodeScalars.filter { $0 == "\u{0301}" }.count == TextLength.maxMarksPerCharacter)
        #expect(UntrustedText.cleaned(zalgo, limit: 1000) == "a" + String(repeating: "\u{0301}", count: TextLength.maxMarksPerCharacter))
    }

    @Test("invisible characters where they do a job are shown; out of it, escaped")
    func joinersSelectorsAndTags() {
        for kept in ["👩‍💻", "❤️‍🔥", "می‌خواهم", "क्‍ष", "1️⃣", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "葛\u{E0100}"] {
            #expect(UntrustedText.visible(kept) == kept, "\(kept.debugDescription)")
        }
        #expect(UntrustedText.visible("Ada\u{200B}Lovelace") == "Ada\\u{200B}Lovelace")
        #expect(UntrustedText.visible("Ada\u{200D}Lovelace") == "Ada\\u{200D}Lovelace")
        #expect(UntrustedText.visible("\u{FEFF}Ada") == "\\u{FEFF}Ada")
        #expect(UntrustedText.visible("Ada\u{2060}\u{2064}") == "Ada\\u{2060}\\u{2064}")
        #expect(UntrustedText.visible("Ada\u{FE0F}") == "Ada\\u{FE0F}", "a selector on a letter that is no emoji selects nothing")
        #expect(UntrustedText.visible("👩\u{200D}\u{200D}💻") == "👩\\u{200D}\\u{200D}💻", "two joiners in a row join nothing")
        #expect(UntrustedText.visible("Ada\u{E0041}\u{E0042}") == "Ada\\u{E0041}\\u{E0042}", "tags outside a flag hide text")
        #expect(UntrustedText.visible("🏴\u{E0041}\u{E007F}") == "🏴\\u{E0041}\\u{E007F}", "an uppercase tag names no subdivision")
    }
}

/// The HTML escaper read back by a parser we did not write (Python's html.parser).
@Suite("UntrustedText.htmlEscaped, read by Python's HTML parser")
struct HTMLEscapeConformanceTests {
    @Test("generated hostile text stays one attribute value and one text, as written")
    func pythonReadsItBack() async throws {
        var generator = SeededGenerator(seed: 5)
        var texts = (0..<2000).map { _ in HostileStrings.string(using: &generator) }
        texts.append("x\"\u{0301} formaction=/contacts/1/delete x=")
        texts.append("Eve\"\u{0301} data-pwned=\"1")
        let cases = texts.map { ["escaped": UntrustedText.htmlEscaped($0), "expected": UntrustedText.visible($0, keepingLineBreaks: true)] }
        let result = try await python.run("html_escape.py", ["cases": cases])
        #expect(result["checked"] as? Int == texts.count)
    }
}
