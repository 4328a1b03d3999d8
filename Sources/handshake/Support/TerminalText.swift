import HandshakeCore

/// How text is shown at a terminal: every character that could control it rather than show (control
/// characters, line and paragraph separators, bidirectional formatting: HandshakeCore's
/// `UntrustedText.isInvisibleControl`) is written as an escape, `\u{1B}`, so a name, a note or a claim from outside can neither move the cursor,
/// clear the screen, reorder a line nor start a new one.
///
/// Every line the program writes in text mode goes through it (``print(_:separator:terminator:)`` below,
/// `Output.line`, prompts and error messages); values that must stay on one line (a note, a name) are escaped
/// with their line feeds too. `--json` needs none of this: JSON writes control characters as escapes itself.
enum TerminalText {
    /// `text` with every invisible control escaped; line feeds kept when `keepingLineBreaks` (the program's
    /// own lines), escaped otherwise (a value that must not start a line).
    static func escaped(_ text: String, keepingLineBreaks: Bool = true) -> String {
        UntrustedText.visible(text, keepingLineBreaks: keepingLineBreaks)
    }

    /// A value from outside that must stay on its line.
    static func value(_ text: String) -> String {
        escaped(text, keepingLineBreaks: false)
    }
}

/// The program's `print`: Swift's, with the text escaped by ``TerminalText``. Every `print` in the program
/// resolves to this one, so nothing from outside reaches the terminal raw, whichever command prints it.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Swift.print(TerminalText.escaped(items.map { "\($0)" }.joined(separator: separator)), terminator: terminator)
}
