/// Base62 text (`0-9A-Za-z`) of a fixed number of bytes, the form share tokens take in links.
///
/// The bytes are read as one big-endian number and written in base 62, left-padded with `0` to the
/// length every value of that size needs (32 bytes → 43 characters), so a token's length never depends
/// on its value. It establishes only the text form; the randomness comes from the caller.
enum Base62 {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    /// The number of base-62 digits that any `byteCount` bytes fit in.
    static func length(forByteCount byteCount: Int) -> Int {
        // log(256) / log(62) digits per byte, rounded up over the whole value.
        Int((Double(byteCount) * 8 / 5.954196310386876).rounded(.up))
    }

    /// The padded base-62 text of `bytes`.
    static func encode(_ bytes: [UInt8]) -> String {
        var number = bytes
        var digits: [UInt8] = []
        // Repeated division of the big-endian number by 62; each remainder is the next digit from the right.
        while number.contains(where: { $0 != 0 }) {
            var remainder = 0
            for index in number.indices {
                let value = remainder * 256 + Int(number[index])
                number[index] = UInt8(value / 62)
                remainder = value % 62
            }
            digits.append(alphabet[remainder])
        }
        let padding = max(0, length(forByteCount: bytes.count) - digits.count)
        digits.append(contentsOf: repeatElement(alphabet[0], count: padding))
        return String(decoding: digits.reversed(), as: UTF8.self)
    }
}
