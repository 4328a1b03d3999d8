/// The three encodings a QR segment can use for its characters.
///
/// Kanji mode is deliberately absent: Handshake's payloads are Base45 text and UTF-8, and Kanji mode
/// needs Shift JIS, which UTF-8 text would have to be converted into first.
public enum QRSegmentMode: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Decimal digits 0–9, three digits in 10 bits.
    case numeric
    /// The 45 characters `0–9 A–Z space $ % * + - . / :`, two characters in 11 bits.
    case alphanumeric
    /// Arbitrary bytes (Handshake writes UTF-8), 8 bits each.
    case byte

    /// The mode's name.
    public var description: String {
        switch self {
        case .numeric: "numeric"
        case .alphanumeric: "alphanumeric"
        case .byte: "byte"
        }
    }

    /// The four-bit mode indicator that starts a segment.
    var indicator: UInt32 {
        switch self {
        case .numeric: 0b0001
        case .alphanumeric: 0b0010
        case .byte: 0b0100
        }
    }

    /// Width of the character-count field, which grows with the version (ISO/IEC 18004 table 3).
    func characterCountBits(version: Int) -> Int {
        let group = version <= 9 ? 0 : (version <= 26 ? 1 : 2)
        switch self {
        case .numeric: return [10, 12, 14][group]
        case .alphanumeric: return [9, 11, 13][group]
        case .byte: return [8, 16, 16][group]
        }
    }

    /// Bits taken by `count` characters of payload (without the header).
    func payloadBits(count: Int) -> Int {
        switch self {
        case .numeric: return count / 3 * 10 + [0, 4, 7][count % 3]
        case .alphanumeric: return count / 2 * 11 + (count % 2) * 6
        case .byte: return count * 8
        }
    }

    /// The alphanumeric mode value of an ASCII byte, or -1 when the byte is outside the 45-character set.
    /// A 128-entry table: segmentation asks this for every byte of the text.
    static let alphanumericValue: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (index, byte) in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8.enumerated() {
            table[Int(byte)] = Int8(index)
        }
        return table
    }()

    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    static func isAlphanumeric(_ byte: UInt8) -> Bool { byte < 128 && alphanumericValue[Int(byte)] >= 0 }
}
