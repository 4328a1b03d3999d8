// The name a device advertises under during one exchange session: 80 random bits, written as 16 lowercase
// Crockford Base32 characters. A new one is drawn for every session, so two sessions of the same person
// cannot be linked by their advertised name. It is not derived from the Node ID or any key, and it does not
// hide anything else a device sends (its addresses, its display name if the person chose to show one).

/// A random identifier that names one device's advertisement for one session.
@_spi(Wire) public struct NearbyInstanceID: Hashable, Sendable, CustomStringConvertible {
    /// The identifier's text: the DNS-SD instance label.
    public let text: String

    private static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)
    /// How many characters an identifier has (80 bits).
    public static let length = 16

    /// A fresh identifier from the system's secure random number generator.
    public static func random() -> NearbyInstanceID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A fresh identifier from `generator` (tests pass a seeded one).
    public static func random(using generator: inout some RandomNumberGenerator) -> NearbyInstanceID {
        let characters = (0..<length).map { _ in alphabet[Int(generator.next(upperBound: UInt8(32)))] }
        return NearbyInstanceID(checked: String(decoding: characters, as: UTF8.self))
    }

    /// Accepts `text` if it is 16 characters of the lowercase Crockford alphabet (what ``random()`` makes);
    /// nil for anything else, so a peer's instance name is only taken as an identifier when it looks like one.
    public init?(_ text: String) {
        guard text.utf8.count == Self.length, text.utf8.allSatisfy(Self.alphabet.contains) else { return nil }
        self.text = text
    }

    private init(checked text: String) { self.text = text }

    /// The instance ID's text.
    public var description: String { text }
}
