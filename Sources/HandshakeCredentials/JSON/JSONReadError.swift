import HandshakeCore
// Establishes why a JSON text was not read, each reason with the byte offset where the reader stopped and a
// sentence a person understands. What it does not do: say what the text was meant to be (the caller's errors
// say that: a credential's header, a presentation's claims).

/// Why a JSON text was refused by ``JSONReader``.
struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    enum Reason: Sendable, Equatable {
        /// The text ended inside a value.
        case unexpectedEnd
        /// A byte that cannot start or continue a value here.
        case unexpectedByte(UInt8)
        /// Something other than white space after the value.
        case trailingText
        /// Arrays and objects nested deeper than the limit.
        case nestedTooDeeply(limit: Int)
        /// An object names the same member twice (RFC 7515 §4 and RFC 7519 §4 ask that such a token be refused
        /// rather than read one of the two).
        case duplicateName(String)
        /// A number outside JSON's grammar, or too large for a Double.
        case invalidNumber
        /// A control character, an unknown escape, or a lone UTF-16 surrogate inside a string.
        case invalidString
        /// Bytes that are not UTF-8.
        case notUTF8
    }

    var reason: Reason
    /// The offset of the byte at which the text stopped making sense.
    var offset: Int

    var description: String {
        let at = "at byte \(offset)"
        switch reason {
        case .unexpectedEnd: return "it ends in the middle of a value"
        case .unexpectedByte(let byte):
            let shown = (0x21...0x7e).contains(byte) ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x\(String(byte, radix: 16))"
            return "\(shown) is out of place \(at)"
        case .trailingText: return "there is more after the JSON value, \(at)"
        case .nestedTooDeeply(let limit): return "it nests more than \(limit) levels deep, \(at)"
        case .duplicateName(let name): return "the name \(UntrustedText.quoted(name, limit: 40)) appears twice in one object, \(at)"
        case .invalidNumber: return "a number is not written as JSON writes numbers, or is too large, \(at)"
        case .invalidString: return "a string holds a control character, an unknown escape or half a surrogate pair, \(at)"
        case .notUTF8: return "it is not UTF-8 text, \(at)"
        }
    }
}
