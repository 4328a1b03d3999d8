import HandshakeCore
import HandshakePresentation

/// How text is shown at a terminal: every scalar that could control it or hide rather than show (control
/// characters, line and paragraph separators, bidirectional formatting, invisible characters out of their
/// place, marks stacked past the bound: HandshakeCore's `UntrustedText.visible`) is written as an escape,
/// `\u{1B}`, so a name, a note, an id or a claim from outside can neither move the cursor, clear the screen,
/// reorder a line, hide a difference nor start a new line.
///
/// Every line the program writes in text mode is a ``TerminalLine``: `print` below, `Output.line`,
/// `Output.error` and prompts take nothing else, so a value cannot reach the terminal without passing here.
/// `--json` goes through `UntrustedText.jsonEscaped` instead (`Output.json`, `Output.jsonLine`).
enum TerminalText {
    /// `text` with every hidden scalar escaped; line feeds kept when `keepingLineBreaks` (the program's own
    /// lines), escaped otherwise (a value that must not start a line).
    static func escaped(_ text: String, keepingLineBreaks: Bool = true) -> String {
        UntrustedText.visible(text, keepingLineBreaks: keepingLineBreaks)
    }

    /// A value from outside that must stay on its line.
    static func value(_ text: String) -> String {
        escaped(text, keepingLineBreaks: false)
    }

    /// A sentence of the presentation layer (HandshakePresentation): the library's words with their line
    /// feeds, every value escaped onto its line.
    static func sentence(_ sentence: Sentence) -> String {
        escaped(sentence.rendered(value: Self.value))
    }
}

/// What the program writes at a terminal, built by string interpolation as a `String` would be: the literal
/// parts are the program's own words, kept as written (line feeds included), and **every interpolated value
/// is escaped onto its line** (``TerminalText/value(_:)``): a request id, a name, a claim or a number, from
/// outside or not, cannot start a line. Text the program made itself over several lines (a card's rows, a
/// library's sentence) goes in as `\(lines: text)`: its line feeds stay, every other hidden scalar is escaped.
struct TerminalLine: ExpressibleByStringInterpolation, CustomStringConvertible, Sendable {
    /// The text as it goes to the terminal.
    let description: String

    init(stringLiteral literal: String) { description = TerminalText.escaped(literal) }

    init(stringInterpolation: StringInterpolation) { description = stringInterpolation.text }

    /// Program-made text of several lines (``StringInterpolation/appendInterpolation(lines:)``).
    init(lines: String) { description = TerminalText.escaped(lines) }

    /// A sentence of the presentation layer: its words kept as written, each of its values escaped onto
    /// the line.
    init(_ sentence: Sentence) { description = TerminalText.sentence(sentence) }

    struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity * 2) }

        mutating func appendLiteral(_ literal: String) { text += TerminalText.escaped(literal) }

        /// A value: on its line, whatever it holds.
        mutating func appendInterpolation<Value>(_ value: Value) { text += TerminalText.value("\(value)") }

        /// Text the program made itself over several lines, its line feeds kept.
        mutating func appendInterpolation(lines: String) { text += TerminalText.escaped(lines) }

        /// A line made the same way.
        mutating func appendInterpolation(_ line: TerminalLine) { text += line.description }

        /// A sentence of the presentation layer: its words as written, its values on their line.
        mutating func appendInterpolation(_ sentence: Sentence) { text += TerminalText.sentence(sentence) }
    }
}

/// The program's `print`: a ``TerminalLine``, so nothing from outside reaches the terminal raw or starts a
/// line of its own, whichever command prints it. Every `print` in the program resolves to this one.
func print(_ line: TerminalLine = "", terminator: String = "\n") {
    Swift.print(line.description, terminator: terminator)
}

/// Swift's own `print`, shut off in this program: it would write a `String` made anywhere, values and all,
/// with nothing escaped. Declared here so it hides the standard library's; a call that does not build a
/// ``TerminalLine`` fails to compile, naming the two ways to write a line.
@available(*, unavailable, message: "print a TerminalLine: interpolate values into a string literal, or TerminalLine(lines:) for text the program made")
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}
