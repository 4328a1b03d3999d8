// An object of the contact book's JSON export as a reader of docs/formats/contact-export.md decodes it: the
// library only writes the format (ContactExport), so the tests read it back with a decoder of their own.

import Foundation
import HandshakeCore

/// One object of a JSON export, its keys as the document names them and the card's fields as `CardFields`
/// reads them.
@dynamicMemberLookup
struct ExportedObject: Decodable {
    var verificationStatus: String
    var nodeId: String?
    var claimedNodeId: String?
    var card: String?
    var fields: CardFields
    var alias: String?
    var notes: String?
    var tags: [String]
    var trustLevel: String
    var pinned: Bool
    var source: String
    var addedAt: String

    enum CodingKeys: String, CodingKey {
        case verificationStatus, nodeId, claimedNodeId, card, alias, notes, tags, trustLevel, pinned, source, addedAt
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        verificationStatus = try container.decode(String.self, forKey: .verificationStatus)
        nodeId = try container.decodeIfPresent(String.self, forKey: .nodeId)
        claimedNodeId = try container.decodeIfPresent(String.self, forKey: .claimedNodeId)
        card = try container.decodeIfPresent(String.self, forKey: .card)
        fields = try CardFields(from: decoder)
        alias = try container.decodeIfPresent(String.self, forKey: .alias)
        notes = try container.decodeIfPresent(String.self, forKey: .notes)
        tags = try container.decode([String].self, forKey: .tags)
        trustLevel = try container.decode(String.self, forKey: .trustLevel)
        pinned = try container.decode(Bool.self, forKey: .pinned)
        source = try container.decode(String.self, forKey: .source)
        addedAt = try container.decode(String.self, forKey: .addedAt)
    }

    /// One of the ``fields``, read as if it were the object's own key.
    subscript<Value>(dynamicMember path: KeyPath<CardFields, Value>) -> Value { fields[keyPath: path] }

    /// The objects of a whole export.
    static func decodeArray(_ json: Data) throws -> [ExportedObject] {
        try JSONDecoder().decode([ExportedObject].self, from: json)
    }
}
