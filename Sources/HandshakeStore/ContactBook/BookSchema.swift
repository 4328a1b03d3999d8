import GRDB

/// The contact book's schema, as an ordered list of named migrations.
///
/// A migration, once released, is never edited: a change to the schema is a new migration appended here,
/// so every book ever written upgrades the same way.
enum BookSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: contacts, card history, tags, preferences", migrate: v1)
        return migrator
    }

    static func v1(_ db: Database) throws {
        try db.create(table: ContactRecord.databaseTableName) { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("nodeId", .text).unique()
            t.column("claimedNodeId", .text)
            t.column("sigKey", .blob)
            t.column("encKey", .blob)
            t.column("cardBytes", .blob)
            t.column("cardUpdatedAt", .integer)
            t.column("name", .text)
            t.column("company", .text)
            t.column("title", .text)
            t.column("bio", .text)
            t.column("location", .text)
            t.column("emails", .jsonText).notNull()
            t.column("phones", .jsonText).notNull()
            t.column("links", .jsonText).notNull()
            t.column("skills", .jsonText).notNull()
            t.column("matchKeys", .text).notNull()
            t.column("duplicateKey", .text).notNull().indexed()
            t.column("displayName", .text).notNull().collate(.nocase)
            t.column("alias", .text)
            t.column("trustLevel", .text).notNull().defaults(to: TrustLevel.trusted.rawValue)
                .check { TrustLevel.allCases.map(\.rawValue).contains($0) }
            t.column("addedAt", .datetime).notNull()
            t.column("lastSeenAt", .datetime)
            t.column("notes", .text).check { length($0) <= ContactLimits.notes }
            t.column("pinned", .boolean).notNull().defaults(to: false)
            t.column("muted", .boolean).notNull().defaults(to: false)
            t.column("source", .text).notNull()
            t.column("verificationStatus", .text).notNull()
            t.column("exchangedAt", .datetime)
            t.column("sentNote", .text)
            t.column("receivedNote", .text)
            t.column("exchangeSignatureSent", .blob)
            t.column("exchangeSignatureReceived", .blob)
            t.column("commonFriends", .jsonText)
            t.column("receipts", .text).notNull().defaults(to: ReceiptsSetting.default.rawValue)
            t.column("messageTTLSeconds", .integer)
            t.column("securityCodeVerifiedAt", .datetime)
            // A contact either has a verified identity (Node ID, key and card together) or none of them.
            t.check(sql: "(nodeId IS NULL) = (sigKey IS NULL) AND (nodeId IS NULL) = (cardBytes IS NULL)")
        }
        // The list order: pinned first, then by name.
        try db.create(index: "contact_on_pinned_displayName", on: ContactRecord.databaseTableName, columns: ["pinned", "displayName"])

        try db.create(table: CardHistoryRecord.databaseTableName) { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo(ContactRecord.databaseTableName, onDelete: .cascade).notNull()
            t.column("nodeId", .text).notNull()
            t.column("cardBytes", .blob).notNull()
            t.column("cardUpdatedAt", .integer).notNull()
            t.column("replacedAt", .datetime).notNull()
        }

        try db.create(table: ContactTagRecord.databaseTableName) { t in
            t.belongsTo(ContactRecord.databaseTableName, onDelete: .cascade).notNull()
            t.column("tag", .text).notNull().collate(.nocase).indexed()
            t.primaryKey(["contactId", "tag"])
        }

        try db.create(table: ContactPreferenceRecord.databaseTableName) { t in
            t.belongsTo(ContactRecord.databaseTableName, onDelete: .cascade).notNull()
            t.column("feature", .text).notNull()
            t.column("userAllows", .text)
            t.column("contactAllows", .text)
            t.primaryKey(["contactId", "feature"])
        }

        try db.create(table: UserPreferenceRecord.databaseTableName) { t in
            t.primaryKey("feature", .text)
            t.column("allows", .text).notNull()
        }
    }
}
