// The JSON form of one exported contact (docs/formats/contact-export.md): the record `handshake contacts
// export --format json` writes and another program reads.

import Foundation
@_spi(Wire) import HandshakeCore

/// One contact of the contact book's JSON export, field for field as docs/formats/contact-export.md
/// describes it.
///
/// Made from ``ContactBook/ExportedContact`` (``init(_:)``) and written with ``json()``; a whole export is
/// written with ``ContactBook/export(_:write:)`` and read back with ``decodeArray(_:)``. Optional fields
/// that are absent are left out of the object, not written as `null`.
///
/// The fields are `CardFields`' JSON form, the one every JSON contact of Handshake shares, written in the
/// same object as the book's keys; here every list field is written, as `[]` when it is empty.
@dynamicMemberLookup
public struct ContactExport: Sendable, Equatable, Codable {
    /// `verified` (backed by a signed card), `unverified` (from an address book), `failed` or `pending`.
    public var verificationStatus: String
    /// The verified Node ID.
    public var nodeId: String?
    /// A Node ID an unverified entry claimed (never trusted).
    public var claimedNodeId: String?
    /// The signed card, byte for byte, base64url without padding.
    public var card: String?
    /// The card's (or the entry's) fields, with the card's avatar or the photo the address book gave.
    public var fields: CardFields
    /// The owner's alias for the contact.
    public var alias: String?
    /// The owner's private notes.
    public var notes: String?
    /// The owner's tags, sorted.
    public var tags: [String]
    /// `TRUSTED`, `KNOWN` or `BLOCKED`.
    public var trustLevel: String
    /// Whether the contact is pinned to the top of the list.
    public var pinned: Bool
    /// How the contact arrived (``ContactSource``'s raw value: `qr`, `nearby`, `import`, …).
    public var source: String
    /// When the contact was added: ISO 8601, UTC, whole seconds (`2023-11-14T22:13:20Z`).
    public var addedAt: String

    /// The export of one contact as the book gives it.
    public init(_ exported: ContactBook.ExportedContact) {
        let contact = exported.contact
        verificationStatus = contact.verificationStatus.rawValue
        nodeId = contact.nodeID?.rawValue
        claimedNodeId = contact.claimedNodeID?.rawValue
        card = exported.signed.map { Base64URL.encode($0.bytes) }
        fields = contact.details
        fields.avatar = exported.avatar
        alias = contact.alias
        notes = contact.notes
        tags = contact.tags
        trustLevel = contact.trustLevel.rawValue
        pinned = contact.pinned
        source = contact.source.rawValue
        addedAt = contact.addedAt.formatted(.iso8601)
    }

    /// One of the ``fields``, read and written as if it were the export's own property.
    public subscript<Value>(dynamicMember path: WritableKeyPath<CardFields, Value>) -> Value {
        get { fields[keyPath: path] }
        set { fields[keyPath: path] = newValue }
    }

    enum CodingKeys: String, CodingKey {
        case verificationStatus, nodeId, claimedNodeId, card, alias, notes, tags, trustLevel, pinned, source, addedAt
    }

    /// Writes the book's keys and the fields in one object; a list field that is empty is written as `[]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(verificationStatus, forKey: .verificationStatus)
        try container.encodeIfPresent(nodeId, forKey: .nodeId)
        try container.encodeIfPresent(claimedNodeId, forKey: .claimedNodeId)
        try container.encodeIfPresent(card, forKey: .card)
        try container.encodeIfPresent(alias, forKey: .alias)
        try container.encodeIfPresent(notes, forKey: .notes)
        try container.encode(tags, forKey: .tags)
        try container.encode(trustLevel, forKey: .trustLevel)
        try container.encode(pinned, forKey: .pinned)
        try container.encode(source, forKey: .source)
        try container.encode(addedAt, forKey: .addedAt)
        try fields.encode(to: encoder)
        try fields.encodeEmptyLists(to: encoder)
    }

    /// Reads an object written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
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

    /// The object as the export writes it: one line, keys sorted, `/` not escaped, absent fields left out.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// The contacts of a whole JSON export (an array of these objects).
    /// - Throws: `DecodingError` when the text is not such an array.
    public static func decodeArray(_ json: Data) throws -> [ContactExport] {
        try JSONDecoder().decode([ContactExport].self, from: json)
    }
}
