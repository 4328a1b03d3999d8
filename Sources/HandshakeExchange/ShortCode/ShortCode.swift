// The short code one device shows and the other types: 12 Crockford Base32 characters in three groups of
// four, e.g. `7KQ2-M9XA-4DHR`. Each group is three data characters and a check character; the first group's
// data is the rendezvous part (public: it is advertised so the devices find each other), the other six data
// characters are the password (30 bits, fed to CPace). It protects against typos: any single wrong
// character, and any two swapped characters, is caught before anything is sent, and the group is named. It
// does not keep the password secret from someone who sees the screen, and the check is not a MAC.

@_spi(Wire) import HandshakeCore

/// A short code: its rendezvous part and its password. Its description never shows the password.
public struct ShortCode: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Crockford's Base32 digits: no I, L, O or U.
    static let alphabet = GroupedCode.alphabet
    /// The nine data digits (values 0…31): three of rendezvous, six of password.
    let digits: [UInt8]

    init(digits: [UInt8]) {
        precondition(digits.count == 9 && digits.allSatisfy { $0 < 32 }, "a short code has nine 5-bit digits")
        self.digits = digits
    }

    /// A new random code.
    public static func random() -> ShortCode {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A new code from `generator` (tests pass a seeded one).
    public static func random(using generator: inout some RandomNumberGenerator) -> ShortCode {
        ShortCode(digits: (0..<9).map { _ in UInt8(truncatingIfNeeded: generator.next() & 0x1F) })
    }

    /// The rendezvous part: three characters the showing device advertises and the typing device looks for.
    /// Public by design: it locates the device, it proves nothing.
    public var rendezvous: String { String(decoding: digits[0..<3].map { Self.alphabet[Int($0)] }, as: UTF8.self) }

    /// The password part as CPace's PRS: its six characters in ASCII. Secret.
    var password: [UInt8] { digits[3..<9].map { Self.alphabet[Int($0)] } }

    /// The code to show on screen, three groups of four joined by `separator`. This contains the password:
    /// show it to the person, never log it.
    public func displayText(separator: String = "-") -> String {
        (0..<3).map { group in
            let run = Array(digits[group * 3..<group * 3 + 3])
            let chars = (run + [Self.checkDigit(for: run, group: group)]).map { Self.alphabet[Int($0)] }
            return String(decoding: chars, as: UTF8.self)
        }.joined(separator: separator)
    }

    /// Names the rendezvous only; the password part of the code is never shown.
    public var description: String { "ShortCode(rendezvous \(rendezvous), password hidden)" }
    /// The same as ``description``: no password.
    public var debugDescription: String { description }
    /// A mirror with the rendezvous only.
    public var customMirror: Mirror { Mirror(self, children: ["rendezvous": rendezvous], displayStyle: .struct) }

    /// Codes are equal when all their digits are, compared in constant time.
    public static func == (lhs: ShortCode, rhs: ShortCode) -> Bool { ConstantTime.equal(lhs.digits, rhs.digits) }

    /// The code a person typed. Case, spaces, hyphens and dots do not matter; O reads as 0, I and L as 1.
    public init(parsing text: some StringProtocol) throws(ShortCodeError) {
        var values: [UInt8] = []
        for scalar in text.unicodeScalars {
            if scalar == "-" || scalar == "." || scalar.properties.isWhitespace { continue }
            guard let value = Self.digitValue(of: scalar) else {
                throw .invalidCharacter(Character(scalar), group: min(values.count / 4 + 1, 3))
            }
            values.append(value)
            guard values.count <= 24 else { throw .wrongLength(characters: values.count) }
        }
        guard !values.isEmpty else { throw .empty }
        guard values.count == 12 else { throw .wrongLength(characters: values.count) }
        var badGroups: [Int] = []
        var digits: [UInt8] = []
        for group in 0..<3 {
            let run = Array(values[group * 4..<group * 4 + 3])
            if Self.checkDigit(for: run, group: group) != values[group * 4 + 3] { badGroups.append(group + 1) }
            digits += run
        }
        guard badGroups.isEmpty else { throw .typo(groups: badGroups) }
        self.init(digits: digits)
    }

    /// Reads a rendezvous part as advertised (three code characters, any case); nil if it is not one.
    public static func normalizedRendezvous(_ text: some StringProtocol) -> String? {
        let values = text.unicodeScalars.compactMap(digitValue(of:))
        guard values.count == 3, text.unicodeScalars.count == 3 else { return nil }
        return String(decoding: values.map { alphabet[Int($0)] }, as: UTF8.self)
    }

    /// A typed digit's value: the typed card code's rule (HandshakeCore's `GroupedCode`), one alphabet for both.
    static func digitValue(of scalar: Unicode.Scalar) -> UInt8? {
        GroupedCode.digitValue(of: scalar)
    }

    // MARK: Check character over GF(32)

    /// Σ αᵏ·dₖ in GF(2⁵) (modulus x⁵+x²+1, α = x), k the data character's position in the whole code (1…9).
    /// The weights are distinct, non-zero and not 1, so one changed character, two swapped characters in a
    /// group, or a data character swapped with its group's check character always changes the result; a
    /// whole group moved to another place almost always does.
    static func checkDigit(for run: [UInt8], group: Int) -> UInt8 {
        var weight: UInt8 = 1
        for _ in 0...(group * 3) { weight = gf32Multiply(weight, 2) }
        var sum: UInt8 = 0
        for digit in run {
            sum ^= gf32Multiply(weight, digit)
            weight = gf32Multiply(weight, 2)
        }
        return sum
    }

    /// Multiplication in GF(2⁵) without a branch on either operand (the password's digits pass through it).
    static func gf32Multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var a = a, product: UInt8 = 0
        for bit in 0..<5 {
            product ^= a & (0 &- ((b >> UInt8(bit)) & 1))
            a = ((a << 1) & 0x1F) ^ (0x05 & (0 &- ((a >> 4) & 1)))
        }
        return product
    }
}
