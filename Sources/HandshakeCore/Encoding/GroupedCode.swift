import Crypto

/// Bytes as a code a person reads aloud or types: Crockford Base32, case-insensitive, in groups of five
/// characters, each group carrying its own check character.
///
/// What it protects against: any single mistyped character, and any two swapped characters within a group,
/// is caught *and located* — the error names the group to look at. A whole-code checksum (the first four
/// bytes of SHA-256 of the payload) then catches a group that was skipped, repeated or moved.
/// What it does not protect against: deliberate changes. It is an error check, not authentication; cards
/// carried in it are still verified by their signature.
///
/// Layout (see docs/formats/card.md, "Typed code"): `payload ‖ SHA-256(payload)[0..<4]` is written as
/// Base32 digits (5 bits each, most significant first, the last digit padded with zero bits); the digits
/// are cut into runs of four, and each run is followed by its check digit. The last run may be shorter.
@_spi(Wire) public enum GroupedCode {
    /// Crockford's Base32 digits: no I, L, O or U, so nothing reads as something else.
    /// Crockford's Base32 digits (no I, L, O or U): the typed code's, and the nearby short code's.
    public static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
    static let dataDigitsPerGroup = 4
    static let checksumLength = 4

    /// The code for `payload`, as its groups of (up to) five characters.
    public static func groups(for payload: [UInt8]) -> [String] {
        let digits = base32Digits(of: payload + checksum(of: payload))
        return stride(from: 0, to: digits.count, by: dataDigitsPerGroup).map { start in
            let run = Array(digits[start..<min(start + dataDigitsPerGroup, digits.count)])
            let chars = (run + [checkDigit(for: run)]).map { alphabet[Int($0)] }
            return String(decoding: chars, as: UTF8.self)
        }
    }

    /// The code for `payload`, groups joined by `separator`.
    public static func encode(_ payload: [UInt8], separator: String = "-") -> String {
        groups(for: payload).joined(separator: separator)
    }

    /// The payload of a typed or pasted code. Case, spaces, hyphens and line breaks do not matter, and the
    /// letters O, I and L are read as the digits 0, 1 and 1.
    public static func decode(_ text: some StringProtocol, maxPayloadSize: Int) throws(GroupedCodeError) -> [UInt8] {
        let maxDigits = (maxPayloadSize + checksumLength) * 8 / 5 + 1
        let maxCharacters = maxDigits + maxDigits / dataDigitsPerGroup + 1
        var values: [UInt8] = []
        for char in text.unicodeScalars {
            if char == "-" || char == "." || char.properties.isWhitespace { continue }
            guard let value = digitValue(of: char) else {
                throw .invalidCharacter(Character(char), group: values.count / (dataDigitsPerGroup + 1) + 1)
            }
            values.append(value)
            guard values.count <= maxCharacters else { throw .tooLong(maxPayloadSize: maxPayloadSize) }
        }
        guard !values.isEmpty else { throw .empty }
        guard values.count % (dataDigitsPerGroup + 1) != 1 else { throw .wrongLength(characters: values.count) }

        var digits: [UInt8] = []
        digits.reserveCapacity(values.count)
        var badGroups: [Int] = []
        for (index, start) in stride(from: 0, to: values.count, by: dataDigitsPerGroup + 1).enumerated() {
            let group = values[start..<min(start + dataDigitsPerGroup + 1, values.count)]
            let run = Array(group.dropLast())
            if checkDigit(for: run) != group.last { badGroups.append(index + 1) }
            digits.append(contentsOf: run)
        }
        guard badGroups.isEmpty else { throw .typo(groups: badGroups) }

        guard let bytes = bytes(fromBase32: digits) else { throw .wrongLength(characters: values.count) }
        guard bytes.count > checksumLength else { throw .wrongLength(characters: values.count) }
        let payload = Array(bytes.dropLast(checksumLength))
        guard checksum(of: payload) == Array(bytes.suffix(checksumLength)) else { throw .checksumMismatch }
        return payload
    }

    // MARK: Base32 digits

    static func base32Digits(of bytes: [UInt8]) -> [UInt8] {
        var digits: [UInt8] = []
        digits.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                digits.append(UInt8((buffer >> UInt32(bits)) & 0x1F))
            }
        }
        if bits > 0 { digits.append(UInt8((buffer << UInt32(5 - bits)) & 0x1F)) }
        return digits
    }

    /// The bytes back from digits; `nil` when the digit count can't come from whole bytes or the padding
    /// bits are not zero (both mean a character was dropped or added).
    static func bytes(fromBase32 digits: [UInt8]) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count * 5 / 8)
        var buffer: UInt32 = 0
        var bits = 0
        for digit in digits {
            buffer = buffer << 5 | UInt32(digit)
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        guard bits < 5, buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return bytes
    }

    /// The value (0…31) of a Crockford digit as a person types it: any case, O read as 0, I and L as 1; `nil`
    /// for anything else.
    public static func digitValue(of scalar: Unicode.Scalar) -> UInt8? {
        guard scalar.isASCII else { return nil }
        var char = UInt8(scalar.value)
        if char >= UInt8(ascii: "a") && char <= UInt8(ascii: "z") { char -= 32 }
        switch char {
        case UInt8(ascii: "O"): char = UInt8(ascii: "0")
        case UInt8(ascii: "I"), UInt8(ascii: "L"): char = UInt8(ascii: "1")
        default: break
        }
        return alphabet.firstIndex(of: char).map { UInt8($0) }
    }

    static func checksum(of payload: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: payload).prefix(checksumLength))
    }

    // MARK: Check digit over GF(32)

    /// Σ αⁱ⁺¹·dᵢ in GF(2⁵) (modulus x⁵+x²+1). Each position has a distinct non-zero weight, so changing one
    /// digit, or swapping two different digits, always changes the sum.
    static func checkDigit(for run: [UInt8]) -> UInt8 {
        var sum: UInt8 = 0
        var weight: UInt8 = 2
        for digit in run {
            sum ^= gf32Multiply(weight, digit)
            weight = gf32Multiply(weight, 2)
        }
        return sum
    }

    static func gf32Multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var a = a
        var b = b
        var product: UInt8 = 0
        while b != 0 {
            if b & 1 != 0 { product ^= a }
            b >>= 1
            a <<= 1
            if a & 0x20 != 0 { a ^= 0x25 }
        }
        return product
    }
}

/// Why a typed code was not accepted.
public enum GroupedCodeError: HandshakeError, Equatable {
    /// Nothing was typed.
    case empty
    /// A character the code alphabet does not use, in the given group (counted from 1).
    case invalidCharacter(Character, group: Int)
    /// The groups (counted from 1) whose check character does not match: where to look for the typo.
    case typo(groups: [Int])
    /// A length no code can have: a character is missing or one too many.
    case wrongLength(characters: Int)
    /// Each group is right, but the code as a whole is not: groups swapped, or one missing.
    case checksumMismatch
    /// Longer than any code of this kind.
    case tooLong(maxPayloadSize: Int)

    /// A sentence to show the person who typed the code, saying where the mistake is.
    public var description: String {
        switch self {
        case .empty:
            return "The code is empty."
        case .invalidCharacter(let char, let group):
            return "Group \(group) contains \"\(char)\", which is not used in Handshake codes (they use 0–9 and A–Z without I, L, O, U)."
        case .typo(let groups) where groups.count == 1:
            return "Group \(groups[0]) has a typo: check each of its five characters."
        case .typo(let groups):
            let names = groups.prefix(5).map(String.init).joined(separator: ", ")
            return "Groups \(names)\(groups.count > 5 ? " and more" : "") have typos: check each of their characters."
        case .wrongLength(let characters):
            return "The code has \(characters) characters, which can't be right: a character is missing or one too many."
        case .checksumMismatch:
            return "Each group checks out, but the code as a whole does not: a group is missing, repeated or out of order."
        case .tooLong(let maxPayloadSize):
            return "The code is longer than any Handshake code can be (\(maxPayloadSize) bytes at most)."
        }
    }
}
