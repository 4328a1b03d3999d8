import Foundation

/// Unpadded base64url (RFC 4648 §5), the form used in links, where `+`, `/` and `=` would need escaping.
/// Package access: the libraries share it, but it is no part of the API an app relies on (Foundation has base64).
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Each byte's value in the alphabet, or 0xFF for a byte outside it.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        return table
    }()

    /// The character for the six bits of `chunk` starting at bit `shift`.
    private static func character(_ chunk: UInt32, _ shift: UInt32) -> UInt8 { alphabet[Int(chunk >> shift & 63)] }

    /// The unpadded base64url text of `bytes`.
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let input = Array(bytes)
        var output = [UInt8]()
        output.reserveCapacity((input.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= input.count {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            output.append(character(chunk, 18))
            output.append(character(chunk, 12))
            output.append(character(chunk, 6))
            output.append(character(chunk, 0))
            index += 3
        }
        switch input.count - index {
        case 1:
            let chunk = UInt32(input[index]) << 16
            output.append(character(chunk, 18))
            output.append(character(chunk, 12))
        case 2:
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            output.append(character(chunk, 18))
            output.append(character(chunk, 12))
            output.append(character(chunk, 6))
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of base64url text (padding optional), or `nil` if it is not base64url.
    ///
    /// Read byte by byte through a table: this runs on every JWT, share token and link, where building
    /// padded standard base64 first and handing it to Foundation cost more than the signature check.
    /// Padding is optional: up to two `=` after a last group of two or three characters (as many as would
    /// complete it, or fewer). An `=` anywhere else makes the text not base64url.
    package static func decode(_ text: some StringProtocol) -> [UInt8]? {
        decode(bytes: text.utf8)
    }

    /// ``decode(_:)`` of text given as its UTF-8 bytes (a slice of a token, without making a string of it).
    package static func decode(bytes text: some Collection<UInt8>) -> [UInt8]? {
        // A token's parts are slices of a native string, which lend their bytes in place: no copy.
        if let decoded = text.withContiguousStorageIfAvailable({ decode(contiguous: $0) }) { return decoded }
        return Array(text).withUnsafeBufferPointer { decode(contiguous: $0) }
    }

    private static func decode(contiguous input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var count = input.count
        var padding = 0
        while count > 0, input[count - 1] == UInt8(ascii: "="), padding < 3 {
            count -= 1
            padding += 1
        }
        let remainder = count % 4
        guard remainder != 1 else { return nil }
        if padding > 0 { guard remainder != 0, padding <= 2, remainder + padding <= 4 else { return nil } }
        let groups = count / 4
        let decodedCount = groups * 3 + max(remainder - 1, 0)
        return values.withUnsafeBufferPointer { values -> [UInt8]? in
            var valid = true
            let output = [UInt8](unsafeUninitializedCapacity: decodedCount) { output, initialized in
                // Every index below is under `count` (input) or `decodedCount` (output) by the arithmetic above.
                for group in 0..<groups {
                    let at = group * 4
                    let a = values[Int(input[at])], b = values[Int(input[at + 1])]
                    let c = values[Int(input[at + 2])], d = values[Int(input[at + 3])]
                    guard (a | b | c | d) < 64 else {
                        valid = false
                        return
                    }
                    let chunk = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    output[group * 3] = UInt8(truncatingIfNeeded: chunk >> 16)
                    output[group * 3 + 1] = UInt8(truncatingIfNeeded: chunk >> 8)
                    output[group * 3 + 2] = UInt8(truncatingIfNeeded: chunk)
                }
                if remainder >= 2 {
                    let at = groups * 4
                    let a = values[Int(input[at])], b = values[Int(input[at + 1])]
                    let c = remainder == 3 ? values[Int(input[at + 2])] : 0
                    guard (a | b | c) < 64 else {
                        valid = false
                        return
                    }
                    let chunk = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
                    output[groups * 3] = UInt8(truncatingIfNeeded: chunk >> 16)
                    if remainder == 3 { output[groups * 3 + 1] = UInt8(truncatingIfNeeded: chunk >> 8) }
                }
                initialized = decodedCount
            }
            return valid ? output : nil
        }
    }
}

extension Base64URL {
    /// Standard padded base64 (as in `data:` URIs), tolerating line breaks and spaces.
    static func decodeStandard(_ text: some StringProtocol) -> [UInt8]? {
        let compact = text.filter { !$0.isWhitespace }
        return Data(base64Encoded: String(compact)).map { [UInt8]($0) }
    }
}
