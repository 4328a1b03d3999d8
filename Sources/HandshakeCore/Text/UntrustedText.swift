// Establishes how text that arrived from outside (a name, a note, a claim, an id, a server's refusal) is
// made safe to show when it is not refused outright, and is the one place every screen's escaping comes
// from: the terminal's, HTML's and JSON's. Each works scalar by scalar (never by Swift `Character`), with the
// rule of HiddenScalars: what could control a screen or hide from it is written as a visible `\u{1B}`,
// and combining marks past the bound are too. It does not decide whether such text should be refused
// instead; the readers of each form do (docs/formats/card.md §2 is the card's own, stricter rule).

/// Text from outside, made safe to show.
public enum UntrustedText {
    /// Whether `scalar` could control a screen rather than show as a character, wherever it stands:
    /// Unicode's control characters (Cc: escape, NUL, carriage return, line feed…), line and paragraph
    /// separators (Zl, Zp), and the bidirectional formatting characters (the marks U+200E, U+200F and
    /// U+061C, the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069), which make text read
    /// in another order than it is stored.
    ///
    /// Invisible characters (zero-width spaces, the byte-order mark, tags…) are hidden too, unless they do a
    /// visible job where they stand (a zero-width joiner inside an emoji sequence): that depends on their
    /// neighbours, so only whole texts are judged for them (``needsCleaning(_:keepingLineBreaks:)``).
    public static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        case .format:
            switch scalar.value {
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
            default: return false
            }
        default: return false
        }
    }

    /// Whether `text` holds a scalar that is not shown as it is: an invisible control, an invisible character
    /// out of its place, or a combining mark past ``TextLength/maxMarksPerCharacter`` on one character (line
    /// feeds allowed when `keepingLineBreaks`). The card's text rules, notes and the mailbox refuse such text.
    public static func needsCleaning(_ text: String, keepingLineBreaks: Bool = false) -> Bool {
        HiddenScalars.contains(text, keepingLineBreaks: keepingLineBreaks)
    }

    /// `text` with every scalar ``needsCleaning(_:keepingLineBreaks:)`` objects to dropped (line feeds kept
    /// when `keepingLineBreaks`), cut to `limit` Unicode scalars (``TextLength``'s unit).
    public static func cleaned(_ text: String, limit: Int, keepingLineBreaks: Bool = false) -> String {
        var result = text
        // Dropping a scalar or cutting the text can leave a joiner without its neighbour: again until
        // nothing is left to drop (each round drops at least one scalar).
        while needsCleaning(result, keepingLineBreaks: keepingLineBreaks) || TextLength.count(result) > limit {
            var view = String.UnicodeScalarView()
            var kept = 0
            HiddenScalars.forEach(result, keepingLineBreaks: keepingLineBreaks) { scalar, disposition in
                guard disposition == .shown, kept < limit else { return }
                view.append(scalar)
                kept += 1
            }
            result = String(view)
        }
        return result
    }

    /// `text` with every scalar ``needsCleaning(_:keepingLineBreaks:)`` objects to written as a visible
    /// escape, `\u{1B}` (line feeds kept when `keepingLineBreaks`): how a screen shows such text when
    /// dropping the characters would hide what was sent (a terminal, a web page). Nothing else changes.
    public static func visible(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard needsCleaning(text, keepingLineBreaks: keepingLineBreaks) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        HiddenScalars.forEach(text, keepingLineBreaks: keepingLineBreaks) { scalar, disposition in
            if disposition == .shown { result.unicodeScalars.append(scalar) } else { result += escape(scalar) }
        }
        return result
    }

    /// `text` as one quoted value inside a sentence: `"…"`, as ``inline(_:limit:)`` writes it. How a library
    /// quotes a value from outside in an error's sentence, so whoever prints the sentence prints one line.
    public static func quoted(_ text: String, limit: Int = 120) -> String {
        "\"" + inline(text, limit: limit) + "\""
    }

    /// `text` as a value inside a sentence, unquoted: on one line (line feeds escaped like every other scalar
    /// ``visible(_:keepingLineBreaks:)`` escapes), cut after `limit` scalars with `…` (never by `Character`:
    /// `a` followed by 500 marks is 501 scalars).
    public static func inline(_ text: String, limit: Int = 120) -> String {
        let shown = visible(text)
        guard TextLength.count(shown) > limit else { return shown }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: shown.unicodeScalars.prefix(limit))
        return String(view) + "…"
    }

    /// `text` safe in HTML, in element content and in quoted attribute values alike: `& < > " '` as
    /// entities, every one of them, whatever follows it (a quote followed by a combining mark is still a
    /// quote), and every scalar ``visible(_:keepingLineBreaks:)`` escapes as that escape (line feeds kept).
    /// Every page that shows text from outside (the server's landing page, `handshake app`) writes it
    /// through this.
    public static func htmlEscaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        HiddenScalars.forEach(text, keepingLineBreaks: true) { scalar, disposition in
            guard disposition == .shown else {
                escaped += escape(scalar)
                return
            }
            if let entity = markupEntity(scalar) { escaped += entity } else { escaped.unicodeScalars.append(scalar) }
        }
        return escaped
    }

    /// `text` safe in HTML where a form gives it back (a box's content, an input's value): markup
    /// characters as ``htmlEscaped(_:)`` writes them, and every scalar it would write as a visible escape
    /// written as a numeric character reference (`&#x202E;`) instead, which the browser reads back as that
    /// same scalar. So a box refilled with what a person typed submits exactly what they typed, a refused
    /// character included, while the page's source holds no raw control (the refusal beside the box says
    /// what is wrong; the box does not rewrite it).
    ///
    /// Two kinds of scalar cannot travel as a reference: the C1 controls HTML maps to Windows-1252
    /// characters (`&#x85;` reads as `…`) are written raw, which a browser's parser keeps as they are; NUL,
    /// which no browser keeps in a box, is written as U+FFFD, what the parser would make of it raw.
    public static func htmlEscapedAsTyped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        HiddenScalars.forEach(text, keepingLineBreaks: true) { scalar, disposition in
            if let entity = markupEntity(scalar) {
                escaped += entity
            } else if scalar == "\u{0}" {
                escaped += "&#xFFFD;"
            } else if disposition == .shown || windows1252Remapped.contains(scalar.value) {
                escaped.unicodeScalars.append(scalar)
            } else {
                escaped += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
            }
        }
        return escaped
    }

    /// The entity of a scalar that is markup in HTML (`& < > " '`), `nil` for any other.
    private static func markupEntity(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&#39;"
        default: nil
        }
    }

    /// The C1 controls an HTML parser reads a numeric reference to as a Windows-1252 character instead
    /// (WHATWG HTML, "numeric character reference end state").
    private static let windows1252Remapped: Set<UInt32> = [
        0x80, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8A, 0x8B, 0x8C, 0x8E,
        0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0x9B, 0x9C, 0x9E, 0x9F,
    ]

    /// A JSON text (as an encoder wrote it) with every scalar ``visible(_:keepingLineBreaks:)`` would
    /// escape written as a JSON escape, `\u2028` (two, a surrogate pair, past U+FFFF); line feeds between
    /// members stay. The JSON means the same: such a scalar can only stand inside a string, where an escape
    /// is the same character. So U+2028 and U+2029 (which end a line in JavaScript), bidirectional marks
    /// and invisible characters never reach a terminal raw from `--json`.
    public static func jsonEscaped(_ json: String) -> String {
        guard needsCleaning(json, keepingLineBreaks: true) else { return json }
        var result = ""
        result.reserveCapacity(json.utf8.count + 16)
        HiddenScalars.forEach(json, keepingLineBreaks: true) { scalar, disposition in
            guard disposition != .shown else {
                result.unicodeScalars.append(scalar)
                return
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16, uppercase: false)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return result
    }

    /// `\u{1B}`: the escape a screen shows in place of `scalar`.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
