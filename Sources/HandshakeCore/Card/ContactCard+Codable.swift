import Foundation

/// The JSON form of a card, for JSON output and local files. Keys are the field names; keys and
/// images are standard base64; `didKey` is written for convenience and ignored when read.
///
/// This is a local convenience, not a wire format: cards travel only as their signed CBOR bytes.
extension ContactCard: Codable {
    enum CodingKeys: String, CodingKey {
        case schema, nodeId, didKey, sigKey, encKey, updatedAt
        case name, bio, avatar, location, company, title, emails, phones, links, skills
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
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(bio, forKey: .bio)
        try container.encodeIfPresent(avatar.map { Data($0.data).base64EncodedString() }, forKey: .avatar)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encodeIfPresent(company, forKey: .company)
        try container.encodeIfPresent(title, forKey: .title)
        if !emails.isEmpty { try container.encode(emails, forKey: .emails) }
        if !phones.isEmpty { try container.encode(phones, forKey: .phones) }
        if !links.isEmpty { try container.encode(links, forKey: .links) }
        if !skills.isEmpty { try container.encode(skills, forKey: .skills) }
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
        self.init(
            sigKey: SigningPublicKey(checked: try key(.sigKey)), encKey: EncryptionPublicKey(checked: try key(.encKey)),
            updatedAt: try container.decode(UInt64.self, forKey: .updatedAt))
        name = try container.decodeIfPresent(String.self, forKey: .name)
        bio = try container.decodeIfPresent(String.self, forKey: .bio)
        if let base64 = try container.decodeIfPresent(String.self, forKey: .avatar) {
            guard let data = Data(base64Encoded: base64) else {
                throw DecodingError.dataCorruptedError(forKey: .avatar, in: container, debugDescription: "avatar is not base64")
            }
            avatar = try Avatar(data: [UInt8](data))
        }
        location = try container.decodeIfPresent(String.self, forKey: .location)
        company = try container.decodeIfPresent(String.self, forKey: .company)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        emails = try container.decodeIfPresent([String].self, forKey: .emails) ?? []
        phones = try container.decodeIfPresent([String].self, forKey: .phones) ?? []
        links = try container.decodeIfPresent([SocialLink].self, forKey: .links) ?? []
        skills = try container.decodeIfPresent([String].self, forKey: .skills) ?? []
    }
}
