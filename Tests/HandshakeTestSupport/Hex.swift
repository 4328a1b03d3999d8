import Foundation

/// Bytes as lowercase hex and back, for test vectors and the JSON the conformance scripts exchange.
extension Array where Element == UInt8 {
    /// The bytes as lowercase hex, two digits each.
    public var hex: String { map { String(format: "%02x", $0) }.joined() }

    /// The bytes `hex` spells (two digits each, either case); `nil` for an odd length or a non-hex digit.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        self = bytes
    }
}
