// Establishes how the library writes a sentence: as a string literal whose literal parts are its own words
// and whose interpolations are values, so a name can never slip into the words unescaped.

extension Sentence: ExpressibleByStringInterpolation {
    /// A sentence of words alone.
    public init(stringLiteral words: String) { self.init([.words(words)]) }

    /// A sentence of words and values.
    public init(stringInterpolation: StringInterpolation) { self.init(stringInterpolation.pieces) }

    /// Builds a sentence: literals are words, interpolations values.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var pieces: [Piece] = []

        /// An empty sentence, with room for `interpolationCount` values and the words around them.
        public init(literalCapacity: Int, interpolationCount: Int) { pieces.reserveCapacity(interpolationCount * 2 + 1) }

        /// The library's own words, written in the literal.
        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { pieces.append(.words(literal)) }
        }

        /// A value (anything from outside, or a number): kept apart from the words.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            pieces.append(.value(value.description))
        }

        /// Another sentence, its words and values kept as they are.
        public mutating func appendInterpolation(_ sentence: Sentence) {
            pieces.append(contentsOf: sentence.pieces)
        }

        /// The library's own words chosen at run time (a label from a table), not a value.
        public mutating func appendInterpolation(words: String) {
            pieces.append(.words(words))
        }
    }
}
