// Establishes how one side of a session says which card it holds of a common friend: the friend's signing key
// and the card's `updatedAt`, forty bytes on the wire (docs/protocols/nearby.md §6a). A list of them is what
// the other side answers with newer cards; it is read strictly (sorted, no repeats, bounded), so that one
// list has one encoding and a dishonest one is refused before anything is looked up.
import HandshakeCore

/// The date of the card one side holds of a common friend.
@_spi(Wire) public struct CardVersion: Sendable, Hashable {
    /// The bytes of one entry: the 32-byte key, then `updatedAt` as 8 bytes, big-endian.
    public static let bytes = 40
    /// The most entries a list holds: the common friends a session carries cards of, the most recently met first.
    public static let most = 256

    /// The friend's signing key.
    public let key: SigningPublicKey
    /// The `updatedAt` of the newest card the sender holds of that friend.
    public let updatedAt: UInt64

    /// An entry.
    public init(key: SigningPublicKey, updatedAt: UInt64) {
        self.key = key
        self.updatedAt = updatedAt
    }

    /// The entry on the wire.
    var bytes: [UInt8] {
        key.rawRepresentation + (0..<8).reversed().map { UInt8(truncatingIfNeeded: updatedAt >> (UInt64($0) * 8)) }
    }

    /// Entries in the order a list is written: by key, as bytes.
    static func sorted(_ versions: some Sequence<CardVersion>) -> [CardVersion] {
        versions.sorted { $0.key.rawRepresentation.lexicographicallyPrecedes($1.key.rawRepresentation) }
    }

    /// Reads a list: 1 to ``most`` entries of ``bytes`` each, keys in increasing order, each a signing key.
    static func list(_ entries: [UInt8], in type: MessageType) throws(MessageError) -> [CardVersion] {
        guard !entries.isEmpty, entries.count % bytes == 0 else { throw .malformed(type, "its dates are not whole entries of \(bytes) bytes") }
        guard entries.count / bytes <= most else { throw .malformed(type, "it lists more than \(most) friends") }
        var versions: [CardVersion] = []
        var start = 0
        while start < entries.count {
            let raw = Array(entries[start..<start + 32])
            guard let key = SigningPublicKey(rawRepresentation: raw) else { throw .malformed(type, "an entry's key is not a signing key") }
            if let last = versions.last, !last.key.rawRepresentation.lexicographicallyPrecedes(raw) {
                throw .malformed(type, "its friends are not in order, or one is listed twice")
            }
            let updatedAt = entries[start + 32..<start + bytes].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            versions.append(CardVersion(key: key, updatedAt: updatedAt))
            start += bytes
        }
        return versions
    }
}
