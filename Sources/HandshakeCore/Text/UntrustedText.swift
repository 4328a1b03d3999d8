// Establishes how text that arrived from outside (a server's refusal, a verifier's reply, a note from a
// server) is made safe to show when it is not refused outright: the characters that could control a screen
// are dropped (control characters, bidirectional formatting, line and paragraph separators), and its length
// is bounded. It does not decide whether such text should be refused
// instead; the readers of each form do (docs/formats/card.md §2 is the card's own, stricter rule).

/// Text from outside, made safe to show.
public enum UntrustedText {
    /// Whether `scalar` could control a screen rather than show as a character: Unicode's control characters
    /// (Cc: escape, NUL, carriage return, line feed…), line and paragraph separators (Zl, Zp), and the
    /// bidirectional formatting characters (the marks U+200E, U+200F and U+061C, the embeddings and
    /// overrides U+202A–U+202E, the isolates U+2066–U+2069), which make text read in another order than it is
    /// stored. Other format characters stay: the zero-width joiner builds emoji and the joiners shape scripts.
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

    /// `text` with every ``isInvisibleControl(_:)`` character dropped (line feeds kept when
    /// `keepingLineBreaks`), cut to `maxCharacters` characters.
    public static func cleaned(_ text: String, maxCharacters: Int, keepingLineBreaks: Bool = false) -> String {
        guard needsCleaning(text, keepingLineBreaks: keepingLineBreaks) || text.count > maxCharacters else { return text }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: text.unicodeScalars.lazy.filter { (keepingLineBreaks && $0 == "\n") || !isInvisibleControl($0) })
        return String(String(view).prefix(maxCharacters))
    }

    /// `text` with every ``isInvisibleControl(_:)`` character written as a visible escape, `\u{1B}` (line
    /// feeds kept when `keepingLineBreaks`): how a screen shows such text when dropping the characters would
    /// hide what was sent (a terminal, a web page). Nothing else changes.
    public static func visible(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard needsCleaning(text, keepingLineBreaks: keepingLineBreaks) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if isInvisibleControl(scalar), !(keepingLineBreaks && scalar == "\n") {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` safe in HTML, in element content and in quoted attribute values alike: `& < > " '` as
    /// entities, and every ``isInvisibleControl(_:)`` character as a visible escape (line feeds kept), as
    /// ``visible(_:keepingLineBreaks:)`` writes it. Every page that shows text from outside (the server's
    /// landing page, `handshake app`) writes it through this.
    public static func htmlEscaped(_ text: String) -> String {
        let shown = visible(text, keepingLineBreaks: true)
        var escaped = ""
        escaped.reserveCapacity(shown.utf8.count)
        // By scalar, never by `Character`: a quote followed by a combining mark is one `Character` that is
        // not `"`, and would be written raw.
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Whether `text` holds a character ``cleaned(_:maxCharacters:keepingLineBreaks:)`` would drop.
    public static func needsCleaning(_ text: String, keepingLineBreaks: Bool = false) -> Bool {
        text.unicodeScalars.contains { !(keepingLineBreaks && $0 == "\n") && isInvisibleControl($0) }
    }
}
