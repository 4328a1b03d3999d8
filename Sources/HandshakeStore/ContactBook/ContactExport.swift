// The JSON form of one exported contact (docs/formats/contact-export.md): the record `handshake contacts
// export --format json` writes and another program reads.

import Foundation
import HandshakeCore

/// One contact of the contact book's JSON export, field for field as docs/formats/contact-export.md
/// describes it.
///
/// Made from ``ContactBook/ExportedContact`` (``init(_:)``) and written with ``json()``; a whole export is
/// written with ``ContactBook/export(_:write:)`` and read back with ``decodeArray(_:)``. Optional fields
/// that are absent are left out of the object, not written as `null`.
public struct ContactExport: Sendable, Equatable, Codable {
    /// A picture: its media type and its bytes in standard base64 (with padding).
    public struct Photo: Sendable, Equatable, Codable {
        /// `image/jpeg` or `image/png`.
        public var mediaType: String
        /// The image bytes, standard base64 (RFC 4648 §4) with padding.
        public var base64: String

        /// A picture with this media type and base64 text.
        public init(mediaType: String, base64: String) {
            self.mediaType = mediaType
            self.base64 = base64
        }
    }

    /// `verified` (backed by a signed card), `unverified` (from an address book), `failed` or `pending`.
    public var verificationStatus: String
    /// The verified Node ID.
    public var nodeId: String?
    /// A Node ID an unverified entry claimed (never trusted).
    public var claimedNodeId: String?
    /// The signed card, byte for byte, base64url without padding.
    public var card: String?
    /// The card's (or the entry's) name.
    public var name: String?
    /// The company.
    public var company: String?
    /// The job title.
    public var title: String?
    /// The bio (an entry's note).
    public var bio: String?
    /// The location.
    public var location: String?
    /// The email addresses, in the card's order.
    public var emails: [String]
    /// The phone numbers, in the card's order.
    public var phones: [String]
    /// The links, in the card's order.
    public var links: [SocialLink]
    /// The skills, in the card's order.
    public var skills: [String]
    /// The card's avatar or the photo the address book gave.
    public var avatar: Photo?
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
        let details = contact.details
        verificationStatus = contact.verificationStatus.rawValue
        nodeId = contact.nodeID?.rawValue
        claimedNodeId = contact.claimedNodeID?.rawValue
        card = exported.signed.map { Base64URL.encode($0.bytes) }
        name = details.name
        company = details.company
        title = details.title
        bio = details.bio
        location = details.location
        emails = details.emails
        phones = details.phones
        links = details.links
        skills = details.skills
        avatar = exported.avatar.map { Photo(mediaType: $0.mediaType, base64: Data($0.data).base64EncodedString()) }
        alias = contact.alias
        notes = contact.notes
        tags = contact.tags
        trustLevel = contact.trustLevel.rawValue
        pinned = contact.pinned
        source = contact.source.rawValue
        addedAt = contact.addedAt.formatted(.iso8601)
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
