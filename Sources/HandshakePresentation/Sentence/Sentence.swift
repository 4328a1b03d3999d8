// Establishes what a sentence of the presentation layer is: the program's own words and the values inside it,
// kept apart. A value (a name, a Node ID, a tag, a number) may come from outside — a card, a peer, a server — so
// the sentence never hands it over already mixed into its words: each front end draws the words as they are
// and escapes every value its own way (the terminal onto its line by Unicode scalar, HTML by its builder).
// `plain` joins them raw, for a front end whose printer escapes all text it is given (HandshakeHTML's text
// nodes do) and for tests: what it returns must be escaped where it is drawn.

/// A sentence for a person: the library's words, with the values from outside kept as values.
///
/// Written as a string literal: the literal parts are words, every interpolation is a value.
///
/// ```swift
/// let sentence: Sentence = "Added \(name) to your contacts."
/// sentence.rendered { TerminalEscaping.value($0) }   // the terminal: values escaped onto the line
/// sentence.plain                                     // raw: only for a printer that escapes all text
/// ```
public struct Sentence: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// One piece of a sentence.
    public enum Piece: Sendable, Equatable, Hashable {
        /// The library's own words, safe to draw as they are.
        case words(String)
        /// A value that may come from outside: escape it where it is drawn.
        case value(String)
    }

    /// The pieces, in order.
    public let pieces: [Piece]

    /// A sentence of these pieces.
    public init(_ pieces: [Piece]) { self.pieces = pieces }

    /// The sentence with every value passed through `escape` (the front end's escaping) and the words as
    /// they are.
    public func rendered(value escape: (String) -> String) -> String {
        pieces.map { piece in
            switch piece {
            case .words(let words): words
            case .value(let value): escape(value)
            }
        }.joined()
    }

    /// The sentence with its values **raw**: only for a printer that escapes every text it is given (an
    /// HTML text node), or for comparing in tests.
    public var plain: String { rendered { $0 } }

    /// The same as ``plain``: raw values, to be escaped where drawn.
    public var description: String { plain }

    /// The values inside, in order (what a front end must escape).
    public var values: [String] {
        pieces.compactMap { piece -> String? in
            guard case .value(let value) = piece else { return nil }
            return value
        }
    }

    /// This sentence followed by `other`, a space between them.
    public func then(_ other: Sentence) -> Sentence {
        Sentence(pieces + [.words(" ")] + other.pieces)
    }
}
