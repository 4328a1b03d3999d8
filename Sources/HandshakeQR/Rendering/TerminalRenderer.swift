/// Draws a symbol as text for a terminal, two module rows per line with the half blocks ▀ ▄ █.
///
/// A QR code must be dark on light to scan reliably everywhere, but a terminal's background may be either.
/// The default ``Style/ansi`` style therefore sets the colours explicitly (black on bright white), so the
/// symbol looks the same on dark and light themes. The plain styles emit no escape codes, for pipes and
/// files; they rely on the reader's colours.
public struct TerminalRenderer: Sendable, Hashable {
    /// How colours are handled.
    public enum Style: Sendable, Hashable {
        /// ANSI colours: black modules on a bright-white background, whatever the terminal's theme.
        case ansi
        /// No escape codes; dark modules are drawn with block characters. Right for light backgrounds.
        case plain
        /// No escape codes; light modules are drawn with block characters, so the symbol reads correctly
        /// as light text on a dark background.
        case plainInverted
    }

    /// The colour handling.
    public let style: Style
    /// Light modules around the symbol on each side. The standard asks for 4; fewer may fail to scan.
    public let quietZone: Int

    /// - Parameters:
    ///   - style: Colour handling; `.ansi` by default.
    ///   - quietZone: Margin in modules; 4 by default, clamped to 0...100.
    public init(style: Style = .ansi, quietZone: Int = 4) {
        self.style = style
        self.quietZone = min(max(0, quietZone), 100)
    }

    /// The symbol as lines of text joined by "\n", with a trailing newline.
    /// The result has `size + 2 × quietZone` columns and `⌈(size + 2 × quietZone) / 2⌉` lines.
    public func render(_ code: QRCode) -> String {
        let span = code.size + 2 * quietZone
        let (start, end) = style == .ansi ? ("\u{1B}[30;107m", "\u{1B}[0m") : ("", "")
        let invert = style == .plainInverted
        var out = ""
        out.reserveCapacity((span + 1) / 2 * (span * 3 + start.utf8.count + end.utf8.count + 1))
        for pair in stride(from: 0, to: span, by: 2) {
            out += start
            for column in 0..<span {
                let x = column - quietZone
                // The row below the last one is outside the symbol, hence light: the last line has only tops.
                let top = code[x, pair - quietZone] != invert
                let bottom = pair + 1 < span ? code[x, pair + 1 - quietZone] != invert : invert
                switch (top, bottom) {
                case (true, true): out += "█"
                case (true, false): out += "▀"
                case (false, true): out += "▄"
                case (false, false): out += " "
                }
            }
            out += end
            out += "\n"
        }
        return out
    }
}

extension QRCode {
    /// The symbol drawn for a terminal; see ``TerminalRenderer``.
    public func terminalText(style: TerminalRenderer.Style = .ansi, quietZone: Int = 4) -> String {
        TerminalRenderer(style: style, quietZone: quietZone).render(self)
    }
}
