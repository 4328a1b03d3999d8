/// Base45 (RFC 9285): bytes as text drawn from the 45 characters of the QR code alphanumeric mode,
/// so a card's QR text is encoded at 5.5 bits per character instead of byte mode's 8.
@_spi(Wire) public enum Base45 {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)

    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (index, char) in alphabet.enumerated() { table[Int(char)] = Int8(index) }
        return table
    }()

    /// Why a text is not Base45.
    public enum DecodingError: HandshakeError, Equatable {
        /// A character outside the Base45 alphabet, at `position`.
        case invalidCharacter(Character, position: Int)
        /// A length no Base45 text can have (a remainder of one character).
        case invalidLength(Int)
        /// A group that decodes to more than its bytes can hold, at `position`.
        case valueOutOfRange(position: Int)

        /// A sentence that says where the text is damaged.
        public var description: String {
            switch self {
            case .invalidCharacter(let char, let position):
                return "the character \"\(char)\" at position \(position + 1) is not used in Base45 text"
            case .invalidLength(let length):
                return "\(length) characters can't be Base45 text (the last group is a single character)"
            case .valueOutOfRange(let position):
                return "the characters at position \(position + 1) don't stand for any bytes"
            }
        }
    }

    /// The Base45 text of `bytes`.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 1) / 2 * 3)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            if let second = iterator.next() {
                var n = Int(first) << 8 | Int(second)
                for _ in 0..<3 {
                    out.append(alphabet[n % 45])
                    n /= 45
                }
            } else {
                let n = Int(first)
                out.append(alphabet[n % 45])
                out.append(alphabet[n / 45])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of a Base45 text.
    public static func decode(_ text: some StringProtocol) throws(DecodingError) -> [UInt8] {
        try decode(utf8: Array(text.utf8))
    }

    /// The bytes of Base45 text given as its UTF-8 bytes.
    public static func decode(utf8 chars: some RandomAccessCollection<UInt8>) throws(DecodingError) -> [UInt8] {
        let chars = Array(chars)
        guard chars.count % 3 != 1 else { throw .invalidLength(chars.count) }
        var digits: [Int] = []
        digits.reserveCapacity(chars.count)
        for (position, char) in chars.enumerated() {
            guard char < 128, case let value = values[Int(char)], value >= 0 else {
                let scalarText = String(decoding: chars[position...].prefix(4), as: UTF8.self)
                throw .invalidCharacter(scalarText.first ?? "?", position: position)
            }
            digits.append(Int(value))
        }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 3 * 2 + 1)
        var index = 0
        while index < digits.count {
            if index + 3 <= digits.count {
                let n = digits[index] + digits[index + 1] * 45 + digits[index + 2] * 45 * 45
                guard n <= 0xFFFF else { throw .valueOutOfRange(position: index) }
                out.append(UInt8(n >> 8))
                out.append(UInt8(n & 0xFF))
                index += 3
            } else {
                let n = digits[index] + digits[index + 1] * 45
                guard n <= 0xFF else { throw .valueOutOfRange(position: index) }
                out.append(UInt8(n))
                index += 2
            }
        }
        return out
    }
}
