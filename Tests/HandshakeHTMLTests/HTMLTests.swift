import HandshakeHTML
import Testing

@Suite struct HTMLTests {
    @Test func textIsTextWhateverItHolds() {
        let page = HTML.p { .text("<b>Ada</b> & \"Bob\" 'x'") }
        #expect(page.description == "<p>&lt;b&gt;Ada&lt;/b&gt; &amp; &quot;Bob&quot; &#39;x&#39;</p>")
    }

    @Test func aQuoteWithACombiningMarkStaysInsideItsAttribute() {
        let label = "x\"\u{301} formaction=/contacts/1/delete x="
        let button = HTML.button(.name("peer"), .value(label)) { .text(label) }
        let markup = button.description
        // Exactly the four quotes the builder writes around two values: none from the label.
        #expect(markup.unicodeScalars.filter { $0 == "\"" }.count == 4)
        let escaped = "x&quot;\u{301} formaction=/contacts/1/delete x="
        #expect(markup == "<button name=\"peer\" value=\"\(escaped)\">\(escaped)</button>")
    }

    @Test func booleanAttributesArePresentOrAbsent() {
        let on = HTML.option(.value("a"), .selected(true)) { .text("A") }
        let off = HTML.option(.value("a"), .selected(false)) { .text("A") }
        #expect(on.description == "<option value=\"a\" selected>A</option>")
        #expect(off.description == "<option value=\"a\">A</option>")
        #expect(HTML.input(.type("text"), .when(false, .maxlength(64)), .required()).description == "<input type=\"text\" required>")
    }

    @Test func voidElementsHaveNoClosingTag() {
        #expect(HTML.img(.src("/a.png"), .alt("")).description == "<img src=\"/a.png\" alt=\"\">")
        #expect(HTML.br().description == "<br>")
    }

    @Test func classesSkipEmptyNames() {
        #expect(HTML.div(.class("card", "", "new")).description == "<div class=\"card new\"></div>")
        #expect(HTML.div(.class("")).description == "<div></div>")
    }

    @Test func theBuilderChoosesAndRepeats() {
        let names = ["Ada", "Bob"]
        let highlighted = "Bob"
        let list = HTML.ul {
            for name in names {
                HTML.li(.class(name == highlighted ? "new" : "")) { .text(name) }
            }
            if names.isEmpty {
                HTML.li { .text("Nobody yet") }
            }
        }
        #expect(list.description == "<ul><li>Ada</li><li class=\"new\">Bob</li></ul>")
    }

    @Test func outsideLinksFollowOnlyThePlainSchemes() {
        #expect(HTML.a(.externalHref("https://example.com/ada")) { .text("site") }.description == "<a href=\"https://example.com/ada\">site</a>")
        #expect(HTML.a(.externalHref("mailto:ada@example.com")) { .text("mail") }.description.contains("href="))
        for hostile in ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,<b>", "vbscript:x", "https:", "//evil.example", "no scheme"] {
            #expect(!HTML.a(.externalHref(hostile)) { .text("x") }.description.contains("href"), "\(hostile)")
        }
    }

    @Test func controlCharactersAreShownNotObeyed() {
        let markup = HTML.span { .text("Ada\u{202E}evoL") }.description
        #expect(!markup.unicodeScalars.contains("\u{202E}"))
        #expect(markup.contains("\\u{202E}"))
    }

    @Test("what a form sends back (a box's text, an input's value) is written as typed; shown text is escaped visibly")
    func whatAFormSendsBackIsWrittenAsTyped() {
        let typed = "Hi\u{202E}Bob \"<b>\u{200B}\r\nsecond line\u{85}"
        let box = HTML.textarea { .text(typed) }.description
        #expect(box == "<textarea>\nHi&#x202E;Bob &quot;&lt;b&gt;&#x200B;&#xD;\nsecond line\u{85}</textarea>")
        #expect(HTML.input(.value(typed)).description == "<input value=\"Hi&#x202E;Bob &quot;&lt;b&gt;&#x200B;&#xD;\nsecond line\u{85}\">")
        #expect(HTML.input(.title(typed)).description.contains("Hi\\u{202E}Bob"), "any other attribute is shown text")
        #expect(HTML.p { HTML.textarea { .text("\u{202E}") }; .text("\u{202E}") }.description == "<p><textarea>\n&#x202E;</textarea>\\u{202E}</p>")
        #expect(HTML.textarea { .text("\nstarts on the second line") }.description == "<textarea>\n\nstarts on the second line</textarea>",
                "the parser drops the first line feed after the start tag: the one written for it")
        #expect(HTML.input(.value("a\u{0}b")).description == "<input value=\"a&#xFFFD;b\">", "what a parser makes of a NUL")
    }

    @Test func aDocumentHasItsDoctypeHeadAndBody() {
        let page = HTML.document(head: { HTML.title { .text("T") }; HTML.script(src: "/static/app.js") }, body: { HTML.p { .text("x") } })
        #expect(page == "<!DOCTYPE html>\n<html lang=\"en\"><head><title>T</title><script type=\"module\" src=\"/static/app.js\"></script></head><body><p>x</p></body></html>")
    }

    @Test func trustedMarkupIsPlacedAsItIs() {
        #expect(HTML.div { .trusted("<svg></svg>") }.description == "<div><svg></svg></div>")
    }

    @Test func formAndMediaAttributesAreWrittenAsHTMLReadsThem() {
        let box = HTML.textarea(.rows(3), .spellcheck(false), .autocapitalize("off")) { .text("x") }
        #expect(box.description == "<textarea rows=\"3\" spellcheck=\"false\" autocapitalize=\"off\">\nx</textarea>")
        let file = HTML.input(.type("file"), .accept("image/png", "image/jpeg"), .capture("environment"))
        #expect(file.description == "<input type=\"file\" accept=\"image/png,image/jpeg\" capture=\"environment\">")
        #expect(HTML.video(.muted(), .playsinline(), .hidden()).description == "<video muted playsinline hidden></video>")
        #expect(HTML.img(.width(96), .height(96)).description == "<img width=\"96\" height=\"96\">")
        #expect(HTML.a(.href("/x.vcf"), .download()) { .text("x") }.description == "<a href=\"/x.vcf\" download>x</a>")
        #expect(HTML.meta(.charset("utf-8")).description == "<meta charset=\"utf-8\">")
        #expect(HTML.meta(.name("viewport"), .content("width=device-width")).description == "<meta name=\"viewport\" content=\"width=device-width\">")
        #expect(HTML.input(.inputmode("url")).description == "<input inputmode=\"url\">")
    }
}
