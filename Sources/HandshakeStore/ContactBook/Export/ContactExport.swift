// Establishes the one value of a contact as it leaves the book: what the book's export writes (as a vCard
// or as the JSON object of docs/formats/contact-export.md) and what a front end lists (`handshake contacts
// --json`, an app's share sheet). Made once, by the book or by a front end from a contact it holds, and
// written in either form from the same three parts.

import Foundation
@_spi(Wire) import HandshakeCore

/// One contact as it goes out of the book: the book's view of it, its avatar and its verified signed card.
///
/// ``ContactBook/forEachExportedContact(_:)`` hands one per contact (the book's export writes each with
/// ``vCard`` or ``json()``); a front end makes one from a ``Contact`` it holds to print it as JSON, with the
/// ``details`` a listing adds. The JSON object is docs/formats/contact-export.md's, field for field.
public struct ContactExport: Sendable {
    /// The contact as the book shows it.
    public var contact: Contact
    /// The picture to export: the signed card's avatar, or the photo an address book gave.
    public var avatar: Avatar?
    /// The verified signed card, re-checked; `nil` for an unverified entry (or when it is left out).
    public var signed: SignedCard?
    /// What a listing adds to the JSON object beyond the export's keys (the display name, whether muted,
    /// the preferences, the meetings …); `nil` in the book's export.
    public var details: Details?

    /// A contact to write out, with its picture and its verified card when there are any, and the keys a
    /// listing adds.
    public init(contact: Contact, avatar: Avatar? = nil, signed: SignedCard? = nil, details: Details? = nil) {
        self.contact = contact
        self.avatar = avatar
        self.signed = signed
        self.details = details
    }

    /// The vCard 4.0 text of this contact, which ``ContactBook/importVCards(_:now:batchSize:progress:)``
    /// reads back: a verified contact from its signed card (`X-HANDSHAKE-NODEID`, `X-HANDSHAKE-CARD`), an
    /// unverified one from its details and imported photo; the book's own fields as `X-HANDSHAKE-…`.
    public var vCard: String {
        var content = signed.map(VCardContent.init) ?? VCardContent(fields: contact.details)
        if signed == nil {
            content.fields.avatar = avatar
            content.nodeID = contact.claimedNodeID
        }
        if let alias = contact.alias { content.extra.append((ExportProperty.alias, alias)) }
        if let notes = contact.notes { content.extra.append((ExportProperty.notes, notes)) }
        for tag in contact.tags { content.extra.append((ExportProperty.tag, tag)) }
        if contact.trustLevel != .trusted { content.extra.append((ExportProperty.trust, contact.trustLevel.rawValue)) }
        if contact.pinned { content.extra.append((ExportProperty.pinned, "true")) }
        return VCardWriter.write(content)
    }
}
