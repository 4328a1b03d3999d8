import Crypto

/// The 32 random bytes an identity is made from. Both key pairs are derived from it, so the seed alone
/// restores the identity; it never leaves the device except as its owner's own backup.
public struct IdentitySeed: Sendable {
    /// The seed's length in bytes.
    public static let byteCount = 32

    let bytes: [UInt8]

    /// A new seed from the system's cryptographically secure random source.
    public static func generate() -> IdentitySeed {
        let key = SymmetricKey(size: .bits256)
        return IdentitySeed(uncheckedBytes: key.withUnsafeBytes { Array($0) })
    }

    /// A seed from its raw bytes; `nil` unless there are exactly 32 of them.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = Array(bytes)
    }

    init(uncheckedBytes: [UInt8]) {
        self.bytes = uncheckedBytes
    }

    /// The raw seed, for storing it in a key store.
    public var rawRepresentation: [UInt8] { bytes }
}

extension IdentitySeed: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A seed is the identity: printing, logging or dumping one never shows its bytes.
    public var description: String { "IdentitySeed(redacted)" }
    /// The same as ``description``: redacted.
    public var debugDescription: String { description }
    /// An empty mirror, so `dump` and debuggers show nothing of the seed.
    public var customMirror: Mirror { Mirror(self, children: []) }
}

extension IdentitySeed: Equatable {
    /// Seeds are secrets: compared in constant time.
    public static func == (lhs: IdentitySeed, rhs: IdentitySeed) -> Bool {
        constantTimeEquals(lhs.bytes, rhs.bytes)
    }
}

/// Equality of two byte strings in time that depends only on their lengths.
package func constantTimeEquals(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for (a, b) in zip(lhs, rhs) { difference |= a ^ b }
    return difference == 0
}
