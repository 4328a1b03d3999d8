import Foundation
import GRDB
import HandshakeCore

/// Signed cards as the book hands them out: verified again on every read, never as bytes to be trusted.
extension ContactBook {
    /// The current signed card of contact `id`, exactly as its owner signed it, verified again from the
    /// stored bytes: what to pass on (export, share) or show as proof.
    ///
    /// - Throws: ``ContactBookError/unknownContact(_:)`` when there is no such contact;
    ///   ``ContactBookError/noSignedCard(_:)`` for an address-book entry, which has none;
    ///   ``ContactBookError/damagedCard(_:reason:)`` when the stored bytes no longer verify.
    public func card(of id: Int64) throws -> SignedCard {
        let record = try writer.read { db in try ContactRecord.fetchOne(db, key: id) }
        guard let record else { throw ContactBookError.unknownContact("#\(id)") }
        guard let card = try record.storedCard() else { throw ContactBookError.noSignedCard(record.displayName) }
        return card
    }

    /// Earlier signed cards of contact `id`, newest first (a merged identity's cards included), each
    /// verified again from the stored bytes.
    ///
    /// - Throws: ``ContactBookError/damagedCard(_:reason:)`` when one of them no longer verifies.
    public func history(of id: Int64) throws -> [PastCard] {
        let (displayName, rows) = try writer.read { db in
            (
                try String.fetchOne(db, ContactRecord.filter(key: id).select(ContactRecord.Columns.displayName)) ?? "#\(id)",
                try CardHistoryRecord.filter(Column("contactId") == id).order(Column("cardUpdatedAt").desc, Column("id").desc).fetchAll(db)
            )
        }
        return try rows.map { row throws(ContactBookError) in
            do throws(CardRejection) {
                let signed = try CardVerifier().verify([UInt8](row.cardBytes), now: .distantFuture)
                return PastCard(signedCard: signed, replacedAt: row.replacedAt)
            } catch {
                throw .damagedCard(displayName, reason: error)
            }
        }
    }
}
