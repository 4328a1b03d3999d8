/// Bytes as decimal digits, the form the card page link carries in its fragment (docs/formats/card.md §5.3):
/// every 7 bytes, read as one big-endian number, are written as exactly 17 digits (leading zeros kept), and a
/// last chunk of k bytes as the fewest digits that hold any k-byte number (3, 5, 8, 10, 13 or 15).
///
/// Digits are what a QR code packs most tightly after its numeric mode (10 bits for 3 digits): 17 digits for 7
/// bytes is about 8.1 bits a byte, against Base45's 8.25 in alphanumeric mode and base64url's 10.7 in byte mode;
/// and digits need no escaping in a URL, where Base45's space and `%` would. Each chunk's number fits in 64
/// bits, so a second implementation needs no big-number arithmetic.
@_spi(Wire) public enum DecimalDigits {
    /// How many digits a chunk of k bytes takes, for k = 0…7.
    static let digitsPerChunk = [0, 3, 5, 8, 10, 13, 15, 17]

    /// Why a text is not the decimal form of any bytes.
    public enum DecodingError: HandshakeError, Equatable {
        /// A character other than `0`–`9`, at `position`.
        case notADigit(position: Int)
        /// A count of digits no bytes are written as (the last chunk is cut short), or no digits at all.
        case invalidLength(Int)
        /// A chunk whose number is larger than its bytes can hold, starting at `position`.
        case valueOutOfRange(position: Int)

        /// A sentence that says where the digits are damaged.
        public var description: String {
            switch self {
            case .notADigit(let position):
                return "the character at position \(position + 1) is not a digit"
            case .invalidLength(let count):
                return "\(count) digits is not a length the digits of any bytes have (a chunk is cut short)"
            case .valueOutOfRange(let position):
                return "the digits from position \(position + 1) stand for a number larger than their bytes hold"
            }
        }
    }

    /// The digits of `bytes`.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 7 * 17 + 17)
        var start = 0
        while start < bytes.count {
            let chunk = bytes[start..<min(start + 7, bytes.count)]
            var value = chunk.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            var digits = [UInt8](repeating: UInt8(ascii: "0"), count: digitsPerChunk[chunk.count])
            for index in digits.indices.reversed() {
                digits[index] += UInt8(value % 10)
                value /= 10
            }
            out += digits
            start += 7
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes `text` stands for.
    /// - Throws: ``DecodingError`` for a character that is not a digit, a length that cuts a chunk short, or a
    ///   chunk larger than its bytes hold (decoding is exact: one text for any bytes, one set of bytes for a text).
    public static func decode(utf8 text: some Collection<UInt8>) throws(DecodingError) -> [UInt8] {
        let text = Array(text)
        guard let lastChunk = digitsPerChunk.firstIndex(of: text.count % 17), !text.isEmpty else { throw .invalidLength(text.count) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 17 * 7 + 7)
        var start = 0
        while start < text.count {
            let byteCount = text.count - start >= 17 ? 7 : lastChunk
            var value: UInt64 = 0
            for (offset, character) in text[start..<min(start + 17, text.count)].enumerated() {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) else { throw .notADigit(position: start + offset) }
                // 17 digits are below 10^17 < 2^64: no overflow.
                value = value * 10 + UInt64(character - UInt8(ascii: "0"))
            }
            guard value >> (8 * byteCount) == 0 else { throw .valueOutOfRange(position: start) }
            for shift in stride(from: 8 * (byteCount - 1), through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: value >> shift)) }
            start += 17
        }
        return out
    }
}
