import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

/// The card page's JavaScript (Sources/HandshakeServer/CardPage/Static: cbor.js, card.js) is a second
/// implementation of docs/formats/card.md. Node runs those very files (Conformance/card_page.mjs) on the vectors
/// these tests make, and each answer must be HandshakeCore's: the same digits for the same bytes, the same
/// verdict for every card (the worked example, a card with every field, every one-byte change of it, cards
/// breaking each rule), the same vCard, the same text shown, and the same signed bytes for the same key and
/// fields. A card the page signs with a key it made itself verifies here and in Python (cbor2, cryptography).
/// Needs node (scripts/install-test-tools); a missing one fails the tests.
@Suite struct CardPageInStepTests {
    static let script = TestFiles.conformance.appendingPathComponent("card_page.mjs")
    static var nowMillis: Int { Int(Fixture.now.timeIntervalSince1970 * 1000) }

    /// What the page's modules answer for `input`.
    static func page(_ input: [String: Any]) async throws -> [String: Any] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("card-page-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: input.merging(["now": nowMillis]) { $1 }).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await Tool.run(arguments: ["node", script.path, file.path])
        try #require(result.status == 0, "node failed (scripts/install-test-tools installs nodejs): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// HandshakeCore's verdict on `bytes`: "ok", or the CardRejection case's name.
    static func verdict(_ bytes: [UInt8]) -> String {
        switch rejection(of: bytes) {
        case nil: "ok"
        case .tooLarge: "tooLarge"
        case .malformed: "malformed"
        case .notSigned: "notSigned"
        case .notACard: "notACard"
        case .unsupportedSchema: "unsupportedSchema"
        case .missingField: "missingField"
        case .invalidField: "invalidField"
        case .fieldRule: "fieldRule"
        case .nodeIDMismatch: "nodeIDMismatch"
        case .badSignature: "badSignature"
        case .datedInFuture: "datedInFuture"
        case .unreadableText: "unreadableText"
        }
    }

    /// A card holding text a hostile neighbour would choose that the rules let through: markup, a quote with a
    /// combining mark, a joiner in an emoji, six marks on one letter.
    static func hostileCard() throws -> ContactCard {
        var card = Fixture.businessCard()
        card.name = "<img src=x onerror=alert(1)>"
        card.company = "\"\u{301} onmouseover=alert(1) x=\"\u{301}"
        // Bidirectional marks and line separators are refused by the card's rules now (HiddenScalars); what
        // passes is invisible characters in their place and marks up to the bound, which show as they are.
        card.title = "Chief 👩\u{200D}💻 Programme\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}r"
        card.bio = "Line one\nLine two & <b>bold</b>"
        card.links = [SocialLink(platform: "web;\u{301}site", handle: "a:b", url: "javascript:alert(1)")]
        return card
    }

    /// Every kind of card the verifier meets, by name: honest ones and ones breaking each rule.
    static func cards() throws -> [(String, [UInt8])] {
        let business = try Fixture.signedBusinessCard().bytes
        let card = Fixture.businessCard()
        func crafted(replacing: [Int: CBOR] = [:], removing: Set<Int> = []) throws -> [UInt8] {
            Craft.sign(try Craft.payload(card, replacing: replacing, removing: removing))
        }
        let text = { (value: String) in CBOR.text(value) }
        var cards: [(String, [UInt8])] = [
            ("worked example", business),
            ("every field", try Fixture.issue(Fixture.everyFieldCard()).bytes),
            ("hostile text", try Fixture.issue(hostileCard()).bytes),
            ("folded vCard lines", try Fixture.issue({
                var long = Fixture.businessCard()
                long.bio = String(repeating: "Ünïcödé 漢字 😀, ", count: 12)
                long.skills = [String(repeating: "é", count: 48)]
                return long
            }()).bytes),
            ("signed by another key", Craft.sign(try Craft.payload(card), by: Fixture.other)),
            ("Node ID of another key", try crafted(replacing: [2: text(Fixture.other.nodeID.rawValue)])),
            ("schema 2", try crafted(replacing: [1: .int(2)])),
            ("no schema", try crafted(removing: [1])),
            ("schema as text", try crafted(replacing: [1: text("1")])),
            ("huge schema", try crafted(replacing: [1: .unsigned(UInt64.max)])),
            ("no Node ID", try crafted(removing: [2])),
            ("short sigKey", try crafted(replacing: [3: .bytes(Array(repeating: 1, count: 31))])),
            ("encKey as text", try crafted(replacing: [4: text("key")])),
            ("negative date", try crafted(replacing: [5: .int(-5)])),
            ("dated next year", try crafted(replacing: [5: .unsigned(Fixture.updatedAt + 365 * 86_400_000)])),
            ("dated next year, to the millisecond", try crafted(replacing: [5: .unsigned(Fixture.updatedAt + 365 * 86_400_000 + 999)])),
            ("dated in the year 10000", try crafted(replacing: [5: .unsigned(253_402_300_800_000)])),
            ("dated past JavaScript's last date", try crafted(replacing: [5: .unsigned(8_640_000_000_000_001)])),
            ("dated at the largest time", try crafted(replacing: [5: .unsigned(UInt64.max)])),
            ("dated within the day", try crafted(replacing: [5: .unsigned(Fixture.updatedAt + 20 * 3_600_000)])),
            ("empty name", try crafted(replacing: [6: text("")])),
            ("name of 65", try crafted(replacing: [6: text(String(repeating: "a", count: 65))])),
            ("name of 64 scalars", try crafted(replacing: [6: text(String(repeating: "é", count: 64))])),
            ("name of 65 scalars", try crafted(replacing: [6: text(String(repeating: "e\u{301}", count: 33))])),
            ("byte order mark first in name", try crafted(replacing: [6: text("\u{FEFF}Ada")])),
            ("bell in name", try crafted(replacing: [6: text("Ada\u{7}")])),
            ("override in name", try crafted(replacing: [6: text("Ada\u{202E}ecalevoL")])),
            ("C1 control in name", try crafted(replacing: [6: text("Ada\u{85}")])),
            ("line feed in name", try crafted(replacing: [6: text("Ada\nLovelace")])),
            // The rule of hidden scalars (HiddenScalars, card.md §2): invisible characters out of their place,
            // tags outside a flag, marks stacked past the bound; and the same characters where they do a job.
            ("zero-width space in name", try crafted(replacing: [6: text("Ada\u{200B}Lovelace")])),
            ("joiner between ASCII letters", try crafted(replacing: [6: text("Ad\u{200D}a")])),
            ("joiner in an emoji", try crafted(replacing: [6: text("Ada 👩\u{200D}💻")])),
            ("control before the first non-ASCII", try crafted(replacing: [6: text("A\u{7}" + String(repeating: "é", count: 70))])),
            ("seven marks on one letter", try crafted(replacing: [6: text("Ada" + String(repeating: "\u{301}", count: 7))])),
            ("six marks on one letter", try crafted(replacing: [6: text("Ada" + String(repeating: "\u{301}", count: 6))])),
            ("England's flag", try crafted(replacing: [6: text("Ada 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}")])),
            ("joiner after England's flag", try crafted(replacing: [6: text("Ada 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}\u{200D}💻")])),
            ("a stray tag", try crafted(replacing: [6: text("Ada\u{E0041} é")])),
            ("emoji selector after a letter", try crafted(replacing: [6: text("é\u{FE0F}")])),
            ("emoji selector after a heart", try crafted(replacing: [6: text("Ada \u{2764}\u{FE0F}")])),
            ("hidden scalars in a bad email", try crafted(replacing: [12: .array([text("\u{202E}" + String(repeating: "x", count: 130))])])),
            ("line feed in bio", try crafted(replacing: [7: text("One\nTwo")])),
            ("name as bytes", try crafted(replacing: [6: .bytes([1])])),
            ("GIF avatar", try crafted(replacing: [8: .bytes(Array("GIF89a".utf8))])),
            ("avatar too large", try crafted(replacing: [8: .bytes(Fixture.png(65_537))])),
            ("nine emails", try crafted(replacing: [12: .array((0..<9).map { text("a\($0)@example.com") })])),
            ("two at signs", try crafted(replacing: [12: .array([text("a@b@c")])])),
            ("at sign last", try crafted(replacing: [12: .array([text("ada@")])])),
            ("ideographic space in email", try crafted(replacing: [12: .array([text("ada\u{3000}x@example.com")])])),
            ("email as number", try crafted(replacing: [12: .array([.int(1)])])),
            ("emails as text", try crafted(replacing: [12: text("ada@example.com")])),
            ("empty emails", try crafted(replacing: [12: .array([])])),
            ("letters in phone", try crafted(replacing: [13: .array([text("call me")])])),
            ("phone without digits", try crafted(replacing: [13: .array([text("+-")])])),
            ("link without platform", try crafted(replacing: [14: .array([.map([CBORPair(.int(3), text("https://a.example"))])])])),
            ("link with platform alone", try crafted(replacing: [14: .array([.map([CBORPair(.int(1), text("web"))])])])),
            ("link scheme with a digit", try crafted(replacing: [14: .array([.map([CBORPair(.int(1), text("web")), CBORPair(.int(3), text("h2p://a"))])])])),
            ("link scheme with a combining mark", try crafted(replacing: [14: .array([.map([CBORPair(.int(1), text("web")), CBORPair(.int(3), text("h\u{301}ttps://a"))])])])),
            ("link scheme in Greek", try crafted(replacing: [14: .array([.map([CBORPair(.int(1), text("web")), CBORPair(.int(3), text("λ:x"))])])])),
            ("link url with a space", try crafted(replacing: [14: .array([.map([CBORPair(.int(1), text("web")), CBORPair(.int(3), text("https://a b"))])])])),
            ("link url with a combining mark after a space", try crafted(replacing: [14: .array([.map([CBORPair(.int(1), text("web")), CBORPair(.int(3), text("https://a \u{301}b"))])])])),
            ("link with an unknown text key", try crafted(replacing: [14: .array([.map([CBORPair(.int(1), text("web")), CBORPair(.int(2), text("@a")), CBORPair(.int(9), text("x"))])])])),
            ("link with a number", try crafted(replacing: [14: .array([.map([CBORPair(.int(1), text("web")), CBORPair(.int(2), .int(5))])])])),
            ("unknown key", try crafted(replacing: [99: .array([.bool(true), .null])])),
            // Key 16, the owner's server: an origin written the one way, or the card is refused.
            ("server https", try crafted(replacing: [16: text("https://mailbox.example")])),
            ("server http with a port", try crafted(replacing: [16: text("http://127.0.0.1:8080")])),
            ("server IPv6", try crafted(replacing: [16: text("https://[2001:db8::1]:8443")])),
            ("server in capitals", try crafted(replacing: [16: text("https://Mailbox.example")])),
            ("server with a slash", try crafted(replacing: [16: text("https://mailbox.example/")])),
            ("server with a path", try crafted(replacing: [16: text("https://mailbox.example/v1")])),
            ("server with its default port", try crafted(replacing: [16: text("https://mailbox.example:443")])),
            ("server with a leading zero", try crafted(replacing: [16: text("http://a.example:08080")])),
            ("server with a user", try crafted(replacing: [16: text("https://eve@mailbox.example")])),
            ("server ftp", try crafted(replacing: [16: text("ftp://mailbox.example")])),
            ("server with a space", try crafted(replacing: [16: text("https://mail box.example")])),
            ("server label with a dash at its end", try crafted(replacing: [16: text("https://mailbox-.example")])),
            ("server not text", try crafted(replacing: [16: .int(5)])),
            ("server port too large", try crafted(replacing: [16: text("https://mailbox.example:70000")])),
            ("negative key", try crafted(replacing: [-3: text("x")])),
            ("text key", Craft.sign(CBOREncoder.encode(.map([CBORPair(.text("name"), text("x"))])))),
            ("key past Int.max", Craft.sign(CBOREncoder.encode(.map([CBORPair(.unsigned(1 << 63), text("x"))])))),
            ("payload not a map", Craft.sign(CBOREncoder.encode(.array([])))),
            ("payload not CBOR", Craft.sign([0xFF])),
            ("critical header", Craft.sign(try Craft.payload(card), protectedHeader: CBOREncoder.encode(.map([CBORPair(.int(1), .int(-8)), CBORPair(.int(2), .array([]))])))),
            ("ES256 header", Craft.sign(try Craft.payload(card), protectedHeader: CBOREncoder.encode(.map([CBORPair(.int(1), .int(-7))])))),
            ("no algorithm", Craft.sign(try Craft.payload(card), protectedHeader: CBOREncoder.encode(.map([])))),
            ("text labels in header", Craft.sign(try Craft.payload(card), protectedHeader: CBOREncoder.encode(.map([CBORPair(.int(1), .int(-8)), CBORPair(.text("x"), .int(1))])))),
            ("indefinite-length array", [0x9F, 0xFF]),
            ("reserved header value", [0x1C]),
            ("envelope of three parts", [0xD2, 0x83, 0x43, 0xA1, 0x01, 0x27, 0xA0, 0x40]),
            ("signature as text", [0xD2, 0x84, 0x43, 0xA1, 0x01, 0x27, 0xA0, 0x40, 0x61, 0x78]),
            ("signature of 63 bytes", [0xD2, 0x84, 0x43, 0xA1, 0x01, 0x27, 0xA0, 0x40, 0x58, 0x3F] + [UInt8](repeating: 0, count: 63)),
            ("trailing byte", business + [0]),
            ("tag 17", [0xD1] + business.dropFirst()),
            ("empty", []),
            ("not CBOR", [0xFF]),
            ("float", [0xF9, 0x3C, 0x00]),
            ("too deep", Array(repeating: 0x81, count: 12) + [0x00]),
            ("long-form length", [0xD2, 0x98, 0x04] + business.dropFirst(2)),
            ("too large", [UInt8](repeating: 0, count: CardLimits.signedCardBytes + 1)),
        ]
        // A rule broken after signing is a change, told as one: the name's first letter made a bell.
        let name = Array(try #require(card.name).utf8)
        let at = try #require(business.indices.first { business[$0...].starts(with: name) })
        var rung = business
        rung[at] = 0x07
        cards.append(("bell written into the name after signing", rung))
        // Every byte of the worked example changed, two ways.
        for index in business.indices {
            for flip: UInt8 in [0x01, 0x80] {
                var changed = business
                changed[index] ^= flip
                cards.append(("byte \(index) ^ \(flip)", changed))
            }
        }
        return cards
    }

    @Test func theVerdictsAreHandshakeCores() async throws {
        let cards = try Self.cards()
        let answers = try #require(try await Self.page(["cards": cards.map { ["id": $0.0, "hex": $0.1.hex] }])["cards"] as? [[String: Any]])
        #expect(answers.count == cards.count)
        var kinds = Set<String>()
        for ((name, bytes), answer) in zip(cards, answers) {
            let expected = Self.verdict(bytes)
            kinds.insert(expected)
            #expect(answer["kind"] as? String == expected, "\(name): the page says \(answer["kind"] ?? "-") (\(answer["message"] ?? "")), HandshakeCore \(expected)")
            // The sentences a person sees for the refusals the page names in the issue are HandshakeCore's.
            // So are the rules' sentences, which quote the card's text as UntrustedText.quoted does.
            if let rejection = rejection(of: bytes) {
                #expect(answer["message"] as? String == rejection.description, "\(name)")
            }
        }
        // The vectors reach every refusal but the too-large text form's.
        #expect(kinds.isSuperset(of: ["ok", "tooLarge", "malformed", "notSigned", "notACard", "unsupportedSchema", "missingField",
            "invalidField", "fieldRule", "nodeIDMismatch", "badSignature", "datedInFuture"]))
    }

    /// Every refusal sentence of the corpus is one of docs/formats/card.md §4.1's, and every sentence there that
    /// bytes alone can reach is reached: the tables a second reader is written from are the ones both readers say.
    @Test func theRefusalsAreTheDocumentedOnes() throws {
        let document = try String(contentsOf: TestFiles.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/formats/card.md"), encoding: .utf8)
        let section = try #require(document.range(of: "### 4.1").map { document[$0.upperBound...] })
        let end = section.range(of: "\n## ", options: .regularExpression)?.lowerBound ?? section.endIndex
        let rows = section[..<end].split(separator: "\n").filter { $0.hasPrefix("| `") }
        /// The first backticked text of each row of the table headed `header`.
        /// The first backticked text of the last cell of each row of `cells` cells: the sentences' table has two
        /// (the rejection, its sentence), the tables of `{cbor}` and `{envelope}` one.
        func templates(ofRowsWith cells: Int) -> [String] {
            rows.compactMap { row -> String? in
                let row = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                guard row.count == cells, let cell = row.last, cell.hasPrefix("`"),
                      let close = cell.dropFirst().firstIndex(of: "`") else { return nil }
                return String(cell[cell.index(after: cell.startIndex)..<close])
            }
        }
        let sentences = templates(ofRowsWith: 2)
        let inner = templates(ofRowsWith: 1).filter { !$0.hasPrefix("{") }
        #expect(sentences.count == 14 && inner.count == 24, "\(sentences.count) sentences, \(inner.count) reasons")
        /// A template as a pattern: `{cbor}` and `{envelope}` are one of the inner templates, any other `{…}` is text.
        func pattern(_ template: String, slots: Bool) -> String {
            var out = "", rest = Substring(template)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                out += NSRegularExpression.escapedPattern(for: String(rest[..<open]))
                let name = rest[rest.index(after: open)..<close]
                out += slots && (name == "cbor" || name == "envelope")
                    ? "(?:" + inner.map { pattern($0, slots: false) }.joined(separator: "|") + ")" : ".+?"
                rest = rest[rest.index(after: close)...]
            }
            return out + NSRegularExpression.escapedPattern(for: String(rest))
        }
        let patterns = try sentences.map { try Regex("^" + pattern($0, slots: true) + "$") }
        let innerPatterns = try inner.map { try Regex(pattern($0, slots: false)) }
        var reached = Set<Int>(), reachedInner = Set<Int>()
        for (name, bytes) in try Self.cards() {
            guard let sentence = rejection(of: bytes)?.description else { continue }
            let matches = patterns.indices.filter { sentence.wholeMatch(of: patterns[$0]) != nil }
            #expect(!matches.isEmpty, "\(name): \(sentence) is not in docs/formats/card.md §4.1")
            reached.formUnion(matches)
            reachedInner.formUnion(innerPatterns.indices.filter { sentence.contains(innerPatterns[$0]) })
        }
        // What no card's bytes can reach: a CBOR item past the card's size, which is refused as too large first.
        #expect(reached.count == sentences.count, "not reached: \(sentences.indices.filter { !reached.contains($0) }.map { sentences[$0] })")
        let unreached = inner.indices.filter { !reachedInner.contains($0) }.map { inner[$0] }
        #expect(unreached == ["it is {bytes} bytes; the limit is 98304"], "not reached: \(unreached)")
    }

    /// Save to Contacts writes VCardWriter's vCard line for line, and the page shows each field's text exactly as
    /// the app does (UntrustedText.visible: bidi marks and line separators as visible escapes).
    @Test func theVCardAndTheShownTextAreTheApps() async throws {
        let ok = try Self.cards().filter { Self.verdict($0.1) == "ok" }
        let answers = try #require(try await Self.page(["cards": ok.map { ["id": $0.0, "hex": $0.1.hex] }])["cards"] as? [[String: Any]])
        for ((name, bytes), answer) in zip(ok, answers) {
            let signed = try CardVerifier().verify(bytes, now: Fixture.now)
            #expect(answer["vCard"] as? String == VCardWriter.write(signed), "\(name)")
            #expect(answer["nodeId"] as? String == signed.nodeID.rawValue)
            let shown = answer["shown"] as? [String: String] ?? [:]
            for field in CardField.textFields {
                let values = signed.card.fields.value(of: field)
                #expect(shown[field.rawValue] == (values.isEmpty ? nil : UntrustedText.visible(values.joined(separator: ", "), keepingLineBreaks: true)), "\(name): \(field)")
            }
        }
        let hostile = try #require(answers.first { $0["id"] as? String == "hostile text" }?["shown"] as? [String: String])
        #expect(hostile["name"] == "<img src=x onerror=alert(1)>")
        #expect(hostile["title"] == "Chief 👩\u{200D}💻 Programme\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}r")
    }

    @Test func theDigitsAreHandshakeCores() async throws {
        var generator = SeededGenerator(seed: 35)
        let samples = (1..<40).map { count in (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) } } + [try Fixture.signedBusinessCard().bytes]
        let answer = try await Self.page(["digits": samples.map(\.hex), "badDigits": ["", "1", "256", "12a", "72057594037927936", "0000000000000000099999"]])
        let digits = try #require(answer["digits"] as? [[String: String]])
        #expect(digits.count == samples.count)
        for (bytes, pair) in zip(samples, digits) {
            #expect(pair["digits"] == DecimalDigits.encode(bytes))
            #expect(pair["back"] == bytes.hex)
        }
        let refused = try #require(answer["badDigits"] as? [Any])
        #expect(refused.allSatisfy { $0 is String }, "\(refused)")
    }

    @Test func thePageSignsTheSameBytes() async throws {
        var everyField = try Fixture.everyFieldCard()
        everyField.links.append(SocialLink(platform: "web", url: "https://example.org/ümlaut"))
        let cards = [Fixture.businessCard(), everyField]
        func json(_ fields: CardFields) -> [String: Any] {
            var object: [String: Any] = [:]
            for field in CardField.allCases {
                switch fields[field] {
                case nil: continue
                case .text(let text): object[field.rawValue] = text
                case .list(let list): object[field.rawValue] = list
                case .links(let links):
                    object[field.rawValue] = links.map { link in
                        ["platform": link.platform, "handle": link.handle, "url": link.url].compactMapValues { $0 }
                    }
                case .image(let avatar): object[field.rawValue] = avatar.data.hex
                }
            }
            return object
        }
        let requests = cards.map { card -> [String: Any] in
            [
                "privateKey": Array(Fixture.identity.signingKey.rawRepresentation).hex, "sigKey": Fixture.identity.sigKey.hex,
                "encKey": Fixture.identity.encKey.hex, "updatedAt": Int(card.updatedAt), "fields": json(card.fields),
            ]
        }
        let answer = try await Self.page(["sign": requests, "generate": ["fields": ["name": "Bob Browser", "emails": ["bob@example.com"]], "updatedAt": Int(Fixture.updatedAt)]])
        let signed = try #require(answer["signed"] as? [String])
        for (card, hex) in zip(cards, signed) {
            #expect(hex == (try Fixture.issue(card).bytes.hex))
        }
        // A key made as the page makes one: HandshakeCore and Python both verify what it signs.
        let generated = try #require((answer["generated"] as? [String: String])?["hex"])
        let bytes = try #require([UInt8](hex: generated))
        let verified = try CardVerifier().verify(bytes, now: Fixture.now)
        #expect(verified.card.name == "Bob Browser" && verified.card.emails == ["bob@example.com"])
        _ = try await python.run("verify_card.py", ["card": generated, "expect": ["name": "Bob Browser", "emails": ["bob@example.com"]]])
    }

    @Test func thePageShowsHostileTextAsTheAppDoes() async throws {
        let texts = [
            "<script>alert(1)</script>", "\"\u{301}", "a\u{202E}b\u{2066}c\u{7}d\u{1B}[31m", "line\nbreak\u{2028}\u{2029}", "\u{200E}\u{200F}\u{61C}", "👩‍💻 ok",
            "a\u{200D}b", "ab\u{200B}c\u{FEFF}", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "x\u{E0041}é", "e" + String(repeating: "\u{301}", count: 8),
            "é\u{FE0F} \u{2764}\u{FE0F} 1\u{FE0F}\u{20E3}", "\u{645}\u{200C}\u{627} \u{200C}x", "\u{85}\u{AD}",
        ]
        let shown = try #require(try await Self.page(["visible": texts])["visible"] as? [String])
        #expect(shown == texts.map { UntrustedText.visible($0, keepingLineBreaks: true) })
    }
}
