/// A CBOR data item (RFC 8949), restricted to what Handshake's formats use.
///
/// Floating-point numbers and indefinite-length items are deliberately absent: the deterministic encoding
/// rules (RFC 8949 §4.2.1) forbid indefinite lengths, and no Handshake format needs floats, so a decoder
/// that never produces them has fewer ways to disagree with another implementation.
@_spi(Wire) public indirect enum CBOR: Sendable, Hashable {
    /// Major type 0: an unsigned integer.
    case unsigned(UInt64)
    /// Major type 1: the integer `-1 - n`, stored as `n` so the full range of the wire format fits.
    case negative(UInt64)
    /// Major type 2: a byte string.
    case bytes([UInt8])
    /// Major type 3: a UTF-8 text string.
    case text(String)
    /// Major type 4: an array.
    case array([CBOR])
    /// Major type 5: a map, with its pairs in the order they were decoded or given.
    ///
    /// The encoder sorts the pairs into deterministic order; the decoder rejects maps whose keys are not
    /// already in that order, so a decoded map's order is also its canonical order.
    case map([CBORPair])
    /// Major type 6: a tagged item.
    case tagged(UInt64, CBOR)
    /// Simple values `false` and `true`.
    case bool(Bool)
    /// Simple value `null`.
    case null

    /// A signed integer, encoded with major type 0 or 1 as its sign requires.
    public static func int(_ value: Int) -> CBOR {
        value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-1 - value))
    }

    /// The value as a Swift `Int`, when it is an integer that fits.
    public var intValue: Int? {
        switch self {
        case .unsigned(let n): return n <= UInt64(Int.max) ? Int(n) : nil
        case .negative(let n): return n <= UInt64(Int.max) ? -1 - Int(n) : nil
        default: return nil
        }
    }
}

/// One key–value pair of a CBOR map.
@_spi(Wire) public struct CBORPair: Sendable, Hashable {
    /// The key.
    public var key: CBOR
    /// The value.
    public var value: CBOR

    /// A pair from its key and value.
    public init(_ key: CBOR, _ value: CBOR) {
        self.key = key
        self.value = value
    }
}
