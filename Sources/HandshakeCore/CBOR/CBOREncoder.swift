/// Deterministic CBOR encoding (RFC 8949 §4.2.1): shortest-form integers and lengths, definite lengths only,
/// and map keys sorted by the bytewise order of their own encodings.
///
/// Every Handshake signature is made over bytes this encoder wrote, so two implementations that follow
/// the same rules produce the same bytes for the same card.
@_spi(Wire) public enum CBOREncoder {
    /// The deterministic encoding of `value`.
    public static func encode(_ value: CBOR) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        append(value, to: &out)
        return out
    }

    static func append(_ value: CBOR, to out: inout [UInt8]) {
        switch value {
        case .unsigned(let n):
            appendHead(major: 0, argument: n, to: &out)
        case .negative(let n):
            appendHead(major: 1, argument: n, to: &out)
        case .bytes(let bytes):
            appendHead(major: 2, argument: UInt64(bytes.count), to: &out)
            out.append(contentsOf: bytes)
        case .text(let string):
            let utf8 = Array(string.utf8)
            appendHead(major: 3, argument: UInt64(utf8.count), to: &out)
            out.append(contentsOf: utf8)
        case .array(let items):
            appendHead(major: 4, argument: UInt64(items.count), to: &out)
            for item in items { append(item, to: &out) }
        case .map(let pairs):
            // Sort by encoded key bytes; encode each key once and reuse it.
            let encoded = pairs.map { (key: encode($0.key), value: $0.value) }
                .sorted { $0.key.lexicographicallyPrecedes($1.key) }
            appendHead(major: 5, argument: UInt64(encoded.count), to: &out)
            for pair in encoded {
                out.append(contentsOf: pair.key)
                append(pair.value, to: &out)
            }
        case .tagged(let tag, let item):
            appendHead(major: 6, argument: tag, to: &out)
            append(item, to: &out)
        case .bool(let flag):
            out.append(flag ? 0xF5 : 0xF4)
        case .null:
            out.append(0xF6)
        }
    }

    /// The initial byte and argument, in the shortest form that holds `argument`.
    static func appendHead(major: UInt8, argument: UInt64, to out: inout [UInt8]) {
        let type = major << 5
        switch argument {
        case 0..<24:
            out.append(type | UInt8(argument))
        case 24...0xFF:
            out.append(type | 24)
            out.append(UInt8(argument))
        case 0x100...0xFFFF:
            out.append(type | 25)
            appendBigEndian(argument, byteCount: 2, to: &out)
        case 0x1_0000...0xFFFF_FFFF:
            out.append(type | 26)
            appendBigEndian(argument, byteCount: 4, to: &out)
        default:
            out.append(type | 27)
            appendBigEndian(argument, byteCount: 8, to: &out)
        }
    }

    private static func appendBigEndian(_ value: UInt64, byteCount: Int, to out: inout [UInt8]) {
        for index in stride(from: byteCount - 1, through: 0, by: -1) {
            out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))))
        }
    }
}
