/// A strict decoder for deterministic CBOR (RFC 8949 §4.2.1).
///
/// It accepts exactly the bytes ``CBOREncoder`` would write: shortest-form heads, definite lengths, map keys
/// unique and in bytewise order, valid UTF-8. Anything else is an error rather than something to normalise,
/// because a signature is made over bytes, and two readers must never disagree about what bytes mean.
///
/// Hostile input is expected. Every length is checked against the bytes that remain before anything is
/// allocated, nesting depth and container sizes are bounded, and decoding never traps.
@_spi(Wire) public struct CBORDecoder: Sendable {
    /// Limits applied while decoding.
    public struct Limits: Sendable {
        /// The largest input accepted, in bytes.
        public var maxInputSize: Int
        /// The deepest nesting of arrays, maps and tags.
        public var maxDepth: Int
        /// The most entries one array or map may have.
        public var maxItemsPerContainer: Int

        /// Limits from their parts; the defaults suit any Handshake message.
        public init(maxInputSize: Int = 1 << 20, maxDepth: Int = 16, maxItemsPerContainer: Int = 4096) {
            self.maxInputSize = maxInputSize
            self.maxDepth = maxDepth
            self.maxItemsPerContainer = maxItemsPerContainer
        }
    }

    /// The limits this decoder enforces.
    public var limits: Limits

    /// A decoder enforcing `limits`.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Decodes exactly one item that spans all of `bytes`.
    public func decode(_ bytes: [UInt8]) throws(CBORError) -> CBOR {
        guard bytes.count <= limits.maxInputSize else {
            throw .tooLarge(size: bytes.count, limit: limits.maxInputSize)
        }
        var reader = Reader(bytes: bytes, limits: limits)
        let value = try reader.readItem(depth: 0)
        guard reader.offset == bytes.count else { throw .trailingBytes(offset: reader.offset) }
        return value
    }
}

extension CBORDecoder {
    fileprivate struct Reader {
        let bytes: [UInt8]
        let limits: Limits
        var offset = 0

        init(bytes: [UInt8], limits: Limits) {
            self.bytes = bytes
            self.limits = limits
        }

        var remaining: Int { bytes.count - offset }

        mutating func readByte() throws(CBORError) -> UInt8 {
            guard offset < bytes.count else { throw .truncated(offset: offset) }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func readBytes(_ count: Int) throws(CBORError) -> ArraySlice<UInt8> {
            guard count <= remaining else { throw .truncated(offset: offset) }
            defer { offset += count }
            return bytes[offset..<(offset + count)]
        }

        /// Reads an item head's argument and insists it was written in the shortest form.
        mutating func readArgument(additional: UInt8, headOffset: Int) throws(CBORError) -> UInt64 {
            let value: UInt64
            let minimum: UInt64
            switch additional {
            case 0..<24:
                return UInt64(additional)
            case 24:
                value = UInt64(try readByte())
                minimum = 24
            case 25:
                value = try readBigEndian(2)
                minimum = 0x100
            case 26:
                value = try readBigEndian(4)
                minimum = 0x1_0000
            case 27:
                value = try readBigEndian(8)
                minimum = 0x1_0000_0000
            case 31:
                throw .unsupported("an indefinite length", offset: headOffset)
            default:
                throw .unsupported("a reserved header value", offset: headOffset)
            }
            guard value >= minimum else {
                throw .notDeterministic("a number is written in more bytes than it needs", offset: headOffset)
            }
            return value
        }

        mutating func readBigEndian(_ count: Int) throws(CBORError) -> UInt64 {
            var value: UInt64 = 0
            for byte in try readBytes(count) { value = value << 8 | UInt64(byte) }
            return value
        }

        /// A byte/text length, which can never exceed what is left of the input.
        mutating func readLength(additional: UInt8, headOffset: Int) throws(CBORError) -> Int {
            let length = try readArgument(additional: additional, headOffset: headOffset)
            guard length <= UInt64(remaining) else { throw .truncated(offset: headOffset) }
            return Int(length)
        }

        /// A container count; every entry takes at least one byte, so a count larger than the remaining
        /// input is a lie and is rejected before any storage is reserved.
        mutating func readCount(additional: UInt8, headOffset: Int, bytesPerEntry: Int) throws(CBORError) -> Int {
            let count = try readArgument(additional: additional, headOffset: headOffset)
            guard count <= UInt64(limits.maxItemsPerContainer) else {
                throw .tooManyItems(count: count, limit: limits.maxItemsPerContainer, offset: headOffset)
            }
            guard count * UInt64(bytesPerEntry) <= UInt64(remaining) else { throw .truncated(offset: headOffset) }
            return Int(count)
        }

        mutating func readItem(depth: Int) throws(CBORError) -> CBOR {
            guard depth <= limits.maxDepth else { throw .tooDeep(limit: limits.maxDepth) }
            let headOffset = offset
            let initial = try readByte()
            let major = initial >> 5
            let additional = initial & 0x1F
            switch major {
            case 0:
                return .unsigned(try readArgument(additional: additional, headOffset: headOffset))
            case 1:
                return .negative(try readArgument(additional: additional, headOffset: headOffset))
            case 2:
                let length = try readLength(additional: additional, headOffset: headOffset)
                return .bytes(Array(try readBytes(length)))
            case 3:
                let length = try readLength(additional: additional, headOffset: headOffset)
                let utf8 = try readBytes(length)
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw .invalidUTF8(offset: headOffset)
                }
                return .text(string)
            case 4:
                let count = try readCount(additional: additional, headOffset: headOffset, bytesPerEntry: 1)
                var items: [CBOR] = []
                items.reserveCapacity(count)
                for _ in 0..<count { items.append(try readItem(depth: depth + 1)) }
                return .array(items)
            case 5:
                return try readMap(additional: additional, headOffset: headOffset, depth: depth)
            case 6:
                let tag = try readArgument(additional: additional, headOffset: headOffset)
                return .tagged(tag, try readItem(depth: depth + 1))
            default:
                return try readSimple(additional: additional, headOffset: headOffset)
            }
        }

        mutating func readMap(additional: UInt8, headOffset: Int, depth: Int) throws(CBORError) -> CBOR {
            let count = try readCount(additional: additional, headOffset: headOffset, bytesPerEntry: 2)
            var pairs: [CBORPair] = []
            pairs.reserveCapacity(count)
            var previousKey: ArraySlice<UInt8>?
            for _ in 0..<count {
                let keyStart = offset
                let key = try readItem(depth: depth + 1)
                let keyBytes = bytes[keyStart..<offset]
                if let previousKey {
                    if keyBytes == previousKey {
                        throw .notDeterministic("a map repeats a key", offset: keyStart)
                    }
                    guard previousKey.lexicographicallyPrecedes(keyBytes) else {
                        throw .notDeterministic("map keys are not in sorted order", offset: keyStart)
                    }
                }
                previousKey = keyBytes
                pairs.append(CBORPair(key, try readItem(depth: depth + 1)))
            }
            return .map(pairs)
        }

        func readSimple(additional: UInt8, headOffset: Int) throws(CBORError) -> CBOR {
            switch additional {
            case 20: return .bool(false)
            case 21: return .bool(true)
            case 22: return .null
            case 25, 26, 27: throw .unsupported("a floating-point number", offset: headOffset)
            case 31: throw .unsupported("an indefinite-length break", offset: headOffset)
            default: throw .unsupported("a simple value other than true, false and null", offset: headOffset)
            }
        }
    }
}
