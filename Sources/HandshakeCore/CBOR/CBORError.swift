/// Why a byte sequence is not acceptable deterministic CBOR.
public enum CBORError: HandshakeError, Equatable {
    /// The input ended in the middle of an item.
    case truncated(offset: Int)
    /// Bytes remain after the single top-level item.
    case trailingBytes(offset: Int)
    /// A feature Handshake formats never use (floats, indefinite lengths, undefined, other simple values).
    case unsupported(String, offset: Int)
    /// Valid CBOR, but not in deterministic form (a longer-than-needed length, unsorted or repeated map keys).
    case notDeterministic(String, offset: Int)
    /// A text string that is not valid UTF-8.
    case invalidUTF8(offset: Int)
    /// Nesting deeper than the decoder allows.
    case tooDeep(limit: Int)
    /// More items in one array or map than the decoder allows.
    case tooManyItems(count: UInt64, limit: Int, offset: Int)
    /// Input larger than the decoder allows.
    case tooLarge(size: Int, limit: Int)

    /// A sentence that says what is wrong with the bytes, and where.
    public var description: String {
        switch self {
        case .truncated(let offset):
            return "the data ends too early (at byte \(offset))"
        case .trailingBytes(let offset):
            return "there are extra bytes after the end of the data (from byte \(offset))"
        case .unsupported(let what, let offset):
            return "it uses \(what), which Handshake never writes (at byte \(offset))"
        case .notDeterministic(let what, let offset):
            return "it is not in canonical form: \(what) (at byte \(offset))"
        case .invalidUTF8(let offset):
            return "a text string is not valid UTF-8 (at byte \(offset))"
        case .tooDeep(let limit):
            return "it is nested more than \(limit) levels deep"
        case .tooManyItems(let count, let limit, let offset):
            return "a list claims \(count) entries; the limit is \(limit) (at byte \(offset))"
        case .tooLarge(let size, let limit):
            return "it is \(size) bytes; the limit is \(limit)"
        }
    }
}
