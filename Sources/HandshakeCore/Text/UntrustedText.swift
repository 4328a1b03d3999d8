// Establishes how text that arrived from outside (a server's refusal, a verifier's reply, a note from a
// server) is made safe to show when it is not refused outright: the characters that could control a screen
// are dropped (control characters, bidirectional overrides and other invisible formatting, line and
// paragraph separators), and its length is bounded. It does not decide whether such text should be refused
// instead; the readers of each form do (docs/formats/card.md §2 is the card's own, stricter rule).

/// Text from outside, made safe to show.
public enum UntrustedText {
    /// Whether `scalar` could control a screen rather than show as a character: Unicode's control (Cc),
    /// format (Cf, which holds the bidirectional overrides and zero-width characters), line separator (Zl)
    /// and paragraph separator (Zp) categories.
    public static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// `text` with every ``isInvisibleControl(_:)`` character dropped, cut to `maxCharacters` characters.
    public static func cleaned(_ text: String, maxCharacters: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: text.unicodeScalars.lazy.filter { !isInvisibleControl($0) })
        return String(String(view).prefix(maxCharacters))
    }
}
