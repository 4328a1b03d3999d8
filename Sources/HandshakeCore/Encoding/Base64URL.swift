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
        var input = Array(text)
        var padding = 0
        while input.last == UInt8(ascii: "=") && padding < 3 {
            input.removeLast()
            padding += 1
        }
        let remainder = input.count % 4
        guard remainder != 1 else { return nil }
        if padding > 0 { guard remainder != 0, padding <= 2, remainder + padding <= 4 else { return nil } }
        var output = [UInt8]()
        output.reserveCapacity(input.count * 3 / 4)
        var index = 0
        while index + 4 <= input.count {
            let a = values[Int(input[index])], b = values[Int(input[index + 1])]
            let c = values[Int(input[index + 2])], d = values[Int(input[index + 3])]
            guard a | b | c | d != 0xFF, a < 64, b < 64, c < 64, d < 64 else { return nil }
            let chunk = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
            output.append(UInt8(chunk >> 16 & 0xFF))
            output.append(UInt8(chunk >> 8 & 0xFF))
            output.append(UInt8(chunk & 0xFF))
            index += 4
        }
        if remainder >= 2 {
            let a = values[Int(input[index])], b = values[Int(input[index + 1])]
            guard a < 64, b < 64 else { return nil }
            var chunk = UInt32(a) << 18 | UInt32(b) << 12
            if remainder == 3 {
                let c = values[Int(input[index + 2])]
                guard c < 64 else { return nil }
                chunk |= UInt32(c) << 6
                output.append(UInt8(chunk >> 16 & 0xFF))
                output.append(UInt8(chunk >> 8 & 0xFF))
            } else {
                output.append(UInt8(chunk >> 16 & 0xFF))
            }
        }
        return output
    }
}

extension Base64URL {
    /// Standard padded base64 (as in `data:` URIs), tolerating line breaks and spaces.
    static func decodeStandard(_ text: some StringProtocol) -> [UInt8]? {
        let compact = text.filter { !$0.isWhitespace }
        return Data(base64Encoded: String(compact)).map { [UInt8]($0) }
    }
}
