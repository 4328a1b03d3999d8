// Establishes the one way text reaches a page: as `HTML`, whose interpolations escape every `String` they
// are given (markup characters become entities; characters that could control a screen are written as a
// visible `\u{1B}`, HandshakeCore's `UntrustedText.visible`). Markup comes only from the literal parts of a
// screen's own code, or from an `HTML` value made the same way. It does not sanitise markup: nothing from
// outside is ever read as markup.
import HandshakeCore

/// A piece of a page. Literal text is markup; an interpolated `String` is text, escaped.
struct HTML: Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    let description: String

    /// Markup this app made itself (an SVG from HandshakeQR's renderer); never text from outside.
    init(trusted markup: String) { description = markup }

    init(stringLiteral literal: String) { description = literal }

    init(stringInterpolation: StringInterpolation) { description = stringInterpolation.markup }

    struct StringInterpolation: StringInterpolationProtocol {
        var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) { markup.reserveCapacity(literalCapacity * 2) }

        mutating func appendLiteral(_ literal: String) { markup += literal }

        /// Text, escaped: safe in element content and in double-quoted attribute values.
        mutating func appendInterpolation(_ text: String) { markup += HTML.escape(text) }

        mutating func appendInterpolation(_ number: Int) { markup += String(number) }

        mutating func appendInterpolation(_ fragment: HTML) { markup += fragment.description }

        mutating func appendInterpolation(_ fragments: [HTML]) { markup += fragments.map(\.description).joined() }
    }

    static let empty: HTML = ""

    /// `text` as HTML text (HandshakeCore's `UntrustedText.htmlEscaped`).
    static func escape(_ text: String) -> String { UntrustedText.htmlEscaped(text) }
}
