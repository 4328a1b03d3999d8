// A sentence keeps outside values apart from its words, so every front end escapes them its own way.
import HandshakeCore
import HandshakePresentation
import Testing

@Suite("sentence")
struct SentenceTests {
    @Test("interpolations are values, literals are words")
    func pieces() {
        let name = "Ada"
        let sentence: Sentence = "Added \(name) to your contacts."
        #expect(sentence.pieces == [.words("Added "), .value("Ada"), .words(" to your contacts.")])
        #expect(sentence.values == ["Ada"])
        #expect(sentence.plain == "Added Ada to your contacts.")
        #expect(Sentence(stringLiteral: "Ignored.").values.isEmpty)
    }

    @Test("rendering escapes the values only: a hostile name stays on its line and shows its hidden scalars")
    func rendering() {
        let name = "Eve\n\u{1B}[31mroot\u{202E}"
        let sentence: Sentence = "Added \(name) to your contacts.\nDone."
        let terminal = sentence.rendered { UntrustedText.visible($0, keepingLineBreaks: false) }
        #expect(terminal.hasPrefix("Added Eve"))
        #expect(!terminal.contains("\u{1B}") && !terminal.contains("\u{202E}"))
        // The sentence's own line break stays; the value's is escaped.
        #expect(terminal.split(separator: "\n").count == 2)
        #expect(sentence.plain.contains("\u{1B}"))  // raw: only for a printer that escapes everything
        let markup: Sentence = "Added \("<b>Eve</b>")."
        #expect(markup.rendered(value: UntrustedText.htmlEscaped) == "Added &lt;b&gt;Eve&lt;/b&gt;.")
    }

    @Test("a word chosen at run time is a word; another sentence keeps its values")
    func nesting() {
        let inner: Sentence = "\("Bob") is blocked"
        let outer: Sentence = "\(words: "Note:") \(inner)."
        #expect(outer.pieces == [.words("Note:"), .words(" "), .value("Bob"), .words(" is blocked"), .words(".")])
        #expect(inner.then("Nothing changed.").plain == "Bob is blocked Nothing changed.")
    }
}
