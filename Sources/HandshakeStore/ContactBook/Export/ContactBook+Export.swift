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
    /// Calls `body` with every contact, in the order they were added. Reads in one transaction, a row at
    /// a time, so a book of any size is exported in bounded memory.
    public func forEachExportedContact(_ body: (ContactExport) throws -> Void) throws {
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
                try body(ContactExport(contact: contact, avatar: avatar, signed: signed))
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
