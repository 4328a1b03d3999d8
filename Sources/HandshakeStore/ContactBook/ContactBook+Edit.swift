import Foundation
import GRDB
import HandshakeCore

extension ContactBook {
    /// Applies `edit` to a contact's local fields in one transaction: all of it or, on any error, nothing.
    @discardableResult
    public func update(_ id: Int64, _ edit: ContactEdit) throws -> Contact {
        try edit.validate()
        return try writer.write { db in
            guard var record = try ContactRecord.fetchOne(db, key: id) else { throw ContactBookError.unknownContact("#\(id)") }
            if let alias = edit.alias { record.alias = alias.isEmpty ? nil : alias }
            if let trust = edit.trustLevel { record.trustLevel = trust }
            if let pinned = edit.pinned { record.pinned = pinned }
            if let muted = edit.muted { record.muted = muted }
            if let notes = edit.notes { record.notes = notes.isEmpty ? nil : notes }
            if let receipts = edit.receipts { record.receipts = receipts }
            if let ttl = edit.messageTTL { record.messageTTLSeconds = ttl.storedSeconds }
            record.refreshDisplayName()
            try record.update(db)

            for tag in edit.removeTags {
                try db.execute(sql: "DELETE FROM contactTag WHERE contactId = ? AND tag = ? COLLATE NOCASE", arguments: [id, tag])
            }
            for tag in edit.addTags {
                try ContactTagRecord(contactId: id, tag: tag.trimmingCharacters(in: .whitespaces)).insert(db, onConflict: .ignore)
            }
            let tagCount = try ContactTagRecord.filter(Column("contactId") == id).fetchCount(db)
            // Thrown inside the transaction, so the tags added above are rolled back with everything else.
            if tagCount > ContactLimits.tagCount { throw ContactBookError.tooManyTags(tagCount) }

            for (feature, setting) in edit.preferences {
                var row = try ContactPreferenceRecord.filter(Column("contactId") == id && Column("feature") == feature.rawValue).fetchOne(db)
                    ?? ContactPreferenceRecord(contactId: id, feature: feature, userAllows: nil, contactAllows: nil)
                if case .allowance(let allowance) = setting { row.userAllows = allowance } else { row.userAllows = nil }
                try row.save(db)
            }
            return try Self.loadContact(record, db)
        }
    }

    /// Records what the contact said they allow for a feature (from a message, once messaging exists).
    public func setContactAllowance(_ id: Int64, _ feature: ChatFeature, _ allowance: FeatureAllowance?) throws {
        try writer.write { db in
            var row = try ContactPreferenceRecord.filter(Column("contactId") == id && Column("feature") == feature.rawValue).fetchOne(db)
                ?? ContactPreferenceRecord(contactId: id, feature: feature, userAllows: nil, contactAllows: nil)
            row.contactAllows = allowance
            try row.save(db)
        }
    }

    /// Sets the user's own default for a feature, used by every contact left at "default".
    public func setUserDefault(_ feature: ChatFeature, _ allowance: FeatureAllowance) throws {
        try writer.write { db in try UserPreferenceRecord(feature: feature, allows: allowance).save(db) }
    }

    /// Clears the mark that the contact's security code was compared.
    @discardableResult
    public func clearSecurityCodeVerified(_ id: Int64) throws -> Contact {
        try writer.write { db in
            guard var record = try ContactRecord.fetchOne(db, key: id) else { throw ContactBookError.unknownContact("#\(id)") }
            record.securityCodeVerifiedAt = nil
            try record.update(db)
            return try Self.loadContact(record, db)
        }
    }

    /// Marks the security code of `id` verified, for the key that was compared. The key is checked inside
    /// the write: if a newer card with another key replaced the contact's since the code was shown, the mark
    /// is refused (``ContactBookError/keyChanged(_:)``), since the code compared belonged to the old key.
    @discardableResult
    public func markSecurityCodeVerified(_ id: Int64, comparedKey: SigningPublicKey, at date: Date) throws -> Contact {
        try writer.write { db in
            guard var record = try ContactRecord.fetchOne(db, key: id) else { throw ContactBookError.unknownContact("#\(id)") }
            guard let stored = record.sigKey, stored == Data(comparedKey.rawRepresentation) else {
                throw ContactBookError.keyChanged(record.displayName)
            }
            record.securityCodeVerifiedAt = date
            try record.update(db)
            return try Self.loadContact(record, db)
        }
    }

    /// Removes a contact with its history, tags and preferences. Their cards would be accepted as new
    /// again afterwards; blocking (trust `BLOCKED`) is how to keep someone away.
    public func delete(_ id: Int64) throws {
        _ = try writer.write { db in try ContactRecord.deleteOne(db, key: id) }
    }
}
