import Foundation

/// The JSON form of a card, for JSON output and local files: the keys, then the fields as ``CardFields``
/// writes them, in one object. Keys are standard base64; `didKey` is written for convenience and ignored when
/// read; each key move is its bytes (`KeyMove.encoded`) in base64url.
///
/// This is a local convenience, not a wire format: cards travel only as their signed CBOR bytes.
extension ContactCard: Codable {
    enum CodingKeys: String, CodingKey {
        case schema, nodeId, didKey, sigKey, encKey, updatedAt, server, moves
    }

    /// Writes the card as JSON-style keyed data, with its Node ID and did:key for whoever reads the output.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schema, forKey: .schema)
        try container.encode(nodeID, forKey: .nodeId)
        try container.encode(sigKey.didKey.description, forKey: .didKey)
        try container.encode(sigKey.description, forKey: .sigKey)
        try container.encode(encKey.description, forKey: .encKey)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(server?.origin, forKey: .server)
        if !moves.isEmpty { try container.encode(moves.map { Base64URL.encode($0.encoded) }, forKey: .moves) }
        try fields.encode(to: encoder)
    }

    /// Reads a card written by ``encode(to:)``. The result is unsigned data: to trust it, verify its signed bytes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func key(_ codingKey: CodingKeys) throws -> [UInt8] {
            guard let bytes = Data(base64Encoded: try container.decode(String.self, forKey: codingKey)), bytes.count == 32 else {
                throw DecodingError.dataCorruptedError(forKey: codingKey, in: container, debugDescription: "not a 32-byte base64 key")
            }
            return [UInt8](bytes)
        }
        let server = try container.decodeIfPresent(String.self, forKey: .server).map { origin in
            guard let server = ServerOrigin(origin) else {
                throw DecodingError.dataCorruptedError(forKey: .server, in: container, debugDescription: "not a server's origin")
            }
            return server
        }
        let moves = try (container.decodeIfPresent([String].self, forKey: .moves) ?? []).map { text in
            guard let bytes = Base64URL.decode(text), let move = try? KeyMove(encoded: bytes) else {
                throw DecodingError.dataCorruptedError(forKey: .moves, in: container, debugDescription: "not a key move")
            }
            return move
        }
        self.init(
            sigKey: SigningPublicKey(checked: try key(.sigKey)), encKey: EncryptionPublicKey(checked: try key(.encKey)),
            updatedAt: try container.decode(UInt64.self, forKey: .updatedAt), fields: try CardFields(from: decoder), server: server)
        self.moves = moves
    }
}
