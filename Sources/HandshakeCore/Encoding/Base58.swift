/// Base58btc (the Bitcoin alphabet), used for Node IDs and `did:key` identifiers.
///
/// Leading zero bytes become leading `1`s, as every Base58btc implementation does. Inputs here are short
/// (keys and hashes), so the quadratic big-number conversion is the simple and adequate choice.
@_spi(Wire) public enum Base58 {
    static let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)

    /// Bytes accepted by ``decode(_:)``; longer strings are refused before any work is done.
    public static let maxDecodedLength = 256

    private static let digitValues: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (index, char) in alphabet.enumerated() { table[Int(char)] = Int8(index) }
        return table
    }()

    /// The Base58btc text of `bytes`.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let zeros = bytes.prefix { $0 == 0 }.count
        // Digits in base 58, least significant first.
        var digits: [UInt8] = []
        digits.reserveCapacity(bytes.count * 138 / 100 + 1)
        for byte in bytes.dropFirst(zeros) {
            var carry = Int(byte)
            for index in digits.indices {
                carry += Int(digits[index]) << 8
                digits[index] = UInt8(carry % 58)
                carry /= 58
            }
            while carry > 0 {
                digits.append(UInt8(carry % 58))
                carry /= 58
            }
        }
        let text = [UInt8](repeating: alphabet[0], count: zeros) + digits.reversed().map { alphabet[Int($0)] }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of a Base58btc string, or `nil` when it holds a character outside the alphabet or is
    /// longer than ``maxDecodedLength`` allows.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        decode(utf8: text.utf8)
    }

    /// ``decode(_:)`` of text given as its UTF-8 bytes.
    public static func decode(utf8 text: some Collection<UInt8>) -> [UInt8]? {
        guard text.count <= maxDecodedLength * 138 / 100 + 1 else { return nil }
        let ones = text.prefix { $0 == alphabet[0] }.count
        // Bytes, least significant first; log(58)/log(256) < 0.733 bytes a character.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(ones + text.count * 733 / 1000 + 1)
        for char in text.dropFirst(ones) {
            guard char < 128, case let value = digitValues[Int(char)], value >= 0 else { return nil }
            var carry = Int(value)
            for index in bytes.indices {
                carry += Int(bytes[index]) * 58
                bytes[index] = UInt8(truncatingIfNeeded: carry)
                carry >>= 8
            }
            while carry > 0 {
                bytes.append(UInt8(truncatingIfNeeded: carry))
                carry >>= 8
            }
        }
        bytes.append(contentsOf: repeatElement(0, count: ones))
        bytes.reverse()
        return bytes
    }
}
