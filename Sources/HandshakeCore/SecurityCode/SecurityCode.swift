import Crypto

/// The security code of a pair of people: 60 digits in 12 groups of 5, the same on both devices.
///
/// What it protects: two people comparing it in person (read aloud, or one scanning the other's
/// ``ScannableSecurityCode``) confirm that each holds the other's genuine `sigKey`, so no one swapped a card
/// on the way. It belongs to the two *people* (their keys), not to one connection: it stays the same
/// across exchanges, devices and server requests, and changes only when a key does.
///
/// What it does not protect: it proves nothing until it is compared over a channel the two people trust
/// (their eyes and voices); and a code compared once says nothing about a key that changed since.
///
/// Construction (`docs/formats/security-code.md`): each key's fingerprint is SHA-512 iterated 5200 times
/// over `version ‖ key ‖ previous` (starting from nothing); the first 30 bytes make 30 digits; the two
/// halves are ordered so the smaller comes first, which is what makes both devices agree.
public struct SecurityCode: Sendable, Hashable, CustomStringConvertible {
    /// The version mixed into every hash: a future construction yields different codes, never confusable ones.
    public static let version: UInt16 = 1
    /// SHA-512 iterations per key, as Signal's safety numbers: slows down searching for a key with a
    /// look-alike code.
    public static let iterations = 5200

    /// The 60 digits, without separators.
    public let digits: String

    /// The code of the pair (`ownKey`, `theirKey`); swapping the two gives the same code.
    public init(ownKey: SigningPublicKey, theirKey: SigningPublicKey) {
        let halves = [Self.displayDigits(Self.fingerprint(of: ownKey.rawRepresentation)), Self.displayDigits(Self.fingerprint(of: theirKey.rawRepresentation))].sorted()
        digits = halves.joined()
    }

    /// The 12 groups of 5 digits, as shown.
    public var groups: [String] {
        stride(from: 0, to: digits.count, by: 5).map { start in
            let from = digits.index(digits.startIndex, offsetBy: start)
            return String(digits[from..<digits.index(from, offsetBy: 5)])
        }
    }

    /// The groups in three lines of four, as a screen shows them.
    public var description: String {
        stride(from: 0, to: 12, by: 4).map { groups[$0..<$0 + 4].joined(separator: " ") }.joined(separator: "\n")
    }

    /// Whether a typed or pasted code is this one. Spaces, tabs, line breaks and dashes are ignored; the
    /// digits are compared in constant time, so timing does not tell how many leading digits were right.
    public func matches(typed text: String) -> Bool {
        let kept = text.unicodeScalars.filter { !($0.properties.isWhitespace || $0 == "-") }
        let typed = Array(String(String.UnicodeScalarView(kept)).utf8)
        return typed.count == digits.utf8.count && constantTimeEquals(typed, Array(digits.utf8))
    }

    /// A key's 32-byte fingerprint: SHA-512 iterated ``iterations`` times over `version ‖ key ‖ previous`,
    /// first 32 bytes of the last digest.
    public static func fingerprint(of key: [UInt8]) -> [UInt8] {
        let versionBytes: [UInt8] = [UInt8(version >> 8), UInt8(version & 0xFF)]
        var previous: [UInt8] = []
        for _ in 0..<iterations {
            var hash = SHA512()
            hash.update(data: versionBytes)
            hash.update(data: key)
            hash.update(data: previous)
            previous = Array(hash.finalize())
        }
        return Array(previous.prefix(32))
    }

    /// 30 digits from a fingerprint: its first 30 bytes as six 5-byte big-endian numbers, each mod 100000.
    static func displayDigits(_ fingerprint: [UInt8]) -> String {
        (0..<6).map { chunk in
            let value = fingerprint[chunk * 5..<chunk * 5 + 5].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let text = String(value % 100_000)
            return String(repeating: "0", count: 5 - text.count) + text
        }.joined()
    }
}
