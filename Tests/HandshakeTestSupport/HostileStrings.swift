// Generated hostile text for property tests of the escapers and the text rules: strings made of pieces an
// attacker would use (each of & < > " ' followed by combining marks, every control and invisible scalar,
// bidirectional formatting, tag characters, stacks of marks, emoji sequences, line breaks) mixed with
// ordinary letters, drawn by a seeded generator so a failure repeats.

/// The scalars and pieces hostile text is made of.
public enum HostileStrings {
    /// Every control (Cc), line and paragraph separator, bidirectional formatting character, and every
    /// default-ignorable or format (Cf) scalar of the BMP, plus the tag characters and the supplementary
    /// format characters: every scalar a screen could hide or be controlled by.
    public static let invisibleAndControl: [Unicode.Scalar] = {
        var scalars: [Unicode.Scalar] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            switch properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .format: scalars.append(scalar)
            default: if properties.isDefaultIgnorableCodePoint { scalars.append(scalar) }
            }
        }
        for value in [UInt32(0xE0001)] + Array(0xE0020...0xE007F) + Array(0x1D173...0x1D17A) + Array(0x1BCA0...0x1BCA3) + [0xE0100, 0xE01EF] {
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return scalars
    }()

    /// The characters HTML gives meaning to.
    public static let markup: [Unicode.Scalar] = ["&", "<", ">", "\"", "'"]

    /// Combining marks (nonspacing and enclosing) that attach to the scalar before them.
    public static let marks: [Unicode.Scalar] = ["\u{0301}", "\u{0300}", "\u{0338}", "\u{20DD}", "\u{0489}", "\u{0E31}", "\u{05B4}", "\u{FE0F}"]

    /// Ordinary text and legitimate sequences: letters of several scripts, an emoji ZWJ sequence, a flag, a
    /// keycap, a subdivision flag, Persian with a non-joiner.
    public static let ordinary: [String] = [
        "a", "Z", "7", " ", "é", "ß", "Ж", "ا", "ש", "क्ष", "中", "👩‍💻", "🇫🇷", "1️⃣", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "می‌خواهم",
        "\\", "u{1B}", ";", "=", "/", "amp;", "#39;",
    ]

    /// One piece: markup followed by marks, a lone invisible or control scalar, a stack of marks, or ordinary text.
    public static func piece(using generator: inout SeededGenerator) -> String {
        switch generator.next(6) {
        case 0:
            var view = String.UnicodeScalarView([markup[generator.next(markup.count)]])
            for _ in 0..<generator.next(4) { view.append(marks[generator.next(marks.count)]) }
            return String(view)
        case 1, 2:
            return String(String.UnicodeScalarView([invisibleAndControl[generator.next(invisibleAndControl.count)]]))
        case 3:
            var view = String.UnicodeScalarView()
            view.append(contentsOf: ordinary[generator.next(ordinary.count)].unicodeScalars)
            for _ in 0..<generator.next(12) { view.append(marks[generator.next(marks.count)]) }
            return String(view)
        default:
            return ordinary[generator.next(ordinary.count)]
        }
    }

    /// A string of up to `pieces` pieces.
    public static func string(using generator: inout SeededGenerator, pieces: Int = 12) -> String {
        (0..<(1 + generator.next(pieces))).map { _ in piece(using: &generator) }.joined()
    }

    /// A host name as a hostile server or link would give it: ESC starting a clear-screen sequence, a
    /// right-to-left override, a quote carrying U+0301 (one Character that is not a quote), a line feed.
    public static let host = "evil\u{1B}[2J\u{202E}elpmaxe\"\u{0301}.example\nOK"

    /// The scalars of ``host`` that must never stand raw in a sentence.
    public static let hostControls: [Unicode.Scalar] = ["\u{1B}", "\u{202E}", "\n"]

    /// Whether `text` holds `part`, scalar for scalar: a search by Character does not reliably find `;`
    /// followed by U+0301 when more marks follow, nor tell a quote from a quote carrying a mark.
    public static func holds(_ text: String, _ part: String) -> Bool {
        let scalars = Array(text.unicodeScalars), wanted = Array(part.unicodeScalars)
        guard scalars.count >= wanted.count else { return false }
        return (0...(scalars.count - wanted.count)).contains { Array(scalars[$0..<($0 + wanted.count)]) == wanted }
    }
}
