import Foundation
import GRDB
import HandshakeCore

/// Meetings: each completed nearby exchange with a contact is kept as its own record, newest first.
extension ContactBook {
    /// Keeps what a nearby exchange with `contactID` left. The contact must exist.
    public func recordExchange(_ record: ExchangeRecord, contactID: Int64) throws {
        try writer.write { db in
            guard try ContactRecord.filter(key: contactID).fetchCount(db) == 1 else {
                throw ContactBookError.unknownContact("#\(contactID)")
            }
            var row = ExchangeRowRecord(record, contactId: contactID)
            try row.insert(db)
        }
    }

    /// Every meeting with `contactID`, newest first.
    public func exchanges(ofContact contactID: Int64) throws -> [ExchangeRecord] {
        try writer.read { db in
            try ExchangeRowRecord
                .filter(Column("contactId") == contactID)
                .order(Column("exchangedAt").desc, Column("id").desc)
                .fetchAll(db)
                .map { try $0.record() }
        }
    }
}
