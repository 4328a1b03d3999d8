import Crypto

/// The short, stable name of an identity: `Base58btc(SHA-256(sigKey)[0..<16])`, left-padded with `1` to
/// exactly 22 characters.
///
/// The padding matters: 16 bytes are usually 22 Base58 characters but can be fewer, and an ID whose length
/// depends on its value invites a second implementation to compare it wrongly. A Node ID is compared as
/// text, never decoded back to bytes.
public struct NodeID: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// Every Node ID has exactly this many characters.
    public static let length = 22

    /// The 22-character text.
    public let rawValue: String

    /// The Node ID belonging to an Ed25519 public key.
    public init(sigKey: some Collection<UInt8>) {
        let digest = SHA256.hash(data: Array(sigKey))
        let text = Base58.encode(Array(digest.prefix(16)))
        rawValue = String(repeating: "1", count: max(0, Self.length - text.count)) + text
    }

    /// A Node ID from its text; `nil` unless it is 22 Base58btc characters.
    public init?(_ text: some StringProtocol) {
        guard text.utf8.count == Self.length, Base58.decode(text) != nil else { return nil }
        rawValue = String(text)
    }

    /// Reads a Node ID written as its text, refusing text that is not one.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let nodeID = NodeID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not a Node ID"))
        }
        self = nodeID
    }

    /// Writes the Node ID as its 22-character text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The 22-character text.
    public var description: String { rawValue }

    /// Orders Node IDs by their text, so lists of them sort the same on every device.
    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.rawValue < rhs.rawValue }
}
