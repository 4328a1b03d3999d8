import Foundation
import GRDB
@_spi(Wire) import HandshakeCore

/// The whole book out, as vCards that ``ContactBook/importVCards(_:now:batchSize:progress:)`` reads back.
///
/// A verified contact is written from its signed card (with `X-HANDSHAKE-NODEID` and `X-HANDSHAKE-CARD`),
/// so an import elsewhere checks the signature again and restores it as verified; an unverified one from
/// its details and imported photo. The book's own fields travel as `X-HANDSHAKE-ALIAS`,
/// `X-HANDSHAKE-NOTES`, `X-HANDSHAKE-TAG` (one per tag), `X-HANDSHAKE-TRUST` and `X-HANDSHAKE-PINNED`.
extension ContactBook {
    /// One exported contact: the book's view of it and its avatar (the card's, or the imported photo).
    public struct ExportedContact: Sendable {
        /// The contact as the book shows it.
        public var contact: Contact
        /// The picture to export: the signed card's avatar, or the photo an address book gave.
        public var avatar: Avatar?
        /// The verified signed card, re-checked; `nil` for an unverified entry.
        public var signed: SignedCard?

        /// A contact to export, with its picture and its verified card when there are any.
        public init(contact: Contact, avatar: Avatar? = nil, signed: SignedCard? = nil) {
            self.contact = contact
            self.avatar = avatar
            self.signed = signed
        }

        /// The vCard 4.0 text of this contact.
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

    /// Calls `body` with every contact, in the order they were added. Reads in one transaction, a row at
    /// a time, so a book of any size is exported in bounded memory.
    public func forEachExportedContact(_ body: (ExportedContact) throws -> Void) throws {
        try writer.read { db in
            let cursor = try ContactRecord.order(ContactRecord.Columns.id).fetchCursor(db)
            while let record = try cursor.next() {
                let contact = try Self.loadContact(record, db)
                let signed = try? record.storedCard()  // a damaged card is written as an unverified entry
                let avatar: Avatar?
                if let signed {
                    avatar = signed.card.avatar
                } else if let id = record.id, let photo = try ImportedPhotoRecord.fetchOne(db, key: id) {
                    avatar = try? Avatar(data: [UInt8](photo.data))
                } else {
                    avatar = nil
                }
                try body(ExportedContact(contact: contact, avatar: avatar, signed: signed))
            }
        }
    }
}

/// The extension properties that carry the book's own fields of a contact in an export.
enum ExportProperty {
    static let alias = "X-HANDSHAKE-ALIAS"
    static let notes = "X-HANDSHAKE-NOTES"
    static let tag = "X-HANDSHAKE-TAG"
    static let trust = "X-HANDSHAKE-TRUST"
    static let pinned = "X-HANDSHAKE-PINNED"
}
