import GRDB

/// The contact book's schema, as an ordered list of named migrations.
///
/// A migration, once released, is never edited: a change to the schema is a new migration appended here,
/// so every book ever written upgrades the same way. So that it stays what it was, a migration names its
/// tables, columns and allowed values itself, never through the application's types (records, enums,
/// limits), which change with the code; `BookSchemaTests` checks that today's types still match them.
enum BookSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: contacts, card history, tags, preferences", migrate: v1)
        migrator.registerMigration("v2: search index, list-order index", migrate: v2)
        migrator.registerMigration("v3: meetings as records of their own", migrate: v3)
        migrator.registerMigration("v4: photos of address-book entries", migrate: v4)
        migrator.registerMigration("v5: one display-name rule", migrate: v5)
        migrator.registerMigration("v6: name keys, to tell a contact's name from one that looks like it", migrate: v6)
        migrator.registerMigration("v7: the server whose relay carried a meeting", migrate: v7)
        return migrator
    }

    static func v1(_ db: Database) throws {
        try db.create(table: "contact") { t in
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
            t.column("trustLevel", .text).notNull().defaults(to: "TRUSTED")
                // Spelled as ORs, not `IN (…)`: SQLite builds a temporary index for an IN list on every
                // row it checks, which was a tenth of an address-book import's time.
                .check { column in ["TRUSTED", "KNOWN", "BLOCKED"].map { column == $0 }.joined(operator: .or) }
            t.column("addedAt", .datetime).notNull()
            t.column("lastSeenAt", .datetime)
            t.column("notes", .text).check { length($0) <= 1024 }
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
            t.column("receipts", .text).notNull().defaults(to: "default")
            t.column("messageTTLSeconds", .integer)
            t.column("securityCodeVerifiedAt", .datetime)
            // A contact either has a verified identity (Node ID, key and card together) or none of them.
            t.check(sql: "(nodeId IS NULL) = (sigKey IS NULL) AND (nodeId IS NULL) = (cardBytes IS NULL)")
        }
        // The list order: pinned first, then by name.
        try db.create(index: "contact_on_pinned_displayName", on: "contact", columns: ["pinned", "displayName"])

        try db.create(table: "cardHistory") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("contact", onDelete: .cascade).notNull()
            t.column("nodeId", .text).notNull()
            t.column("cardBytes", .blob).notNull()
            t.column("cardUpdatedAt", .integer).notNull()
            t.column("replacedAt", .datetime).notNull()
        }

        try db.create(table: "contactTag") { t in
            t.belongsTo("contact", onDelete: .cascade).notNull()
            t.column("tag", .text).notNull().collate(.nocase).indexed()
            t.primaryKey(["contactId", "tag"])
        }

        try db.create(table: "contactPreference") { t in
            t.belongsTo("contact", onDelete: .cascade).notNull()
            t.column("feature", .text).notNull()
            t.column("userAllows", .text)
            t.column("contactAllows", .text)
            t.primaryKey(["contactId", "feature"])
        }

        try db.create(table: "userPreference") { t in
            t.primaryKey("feature", .text)
            t.column("allows", .text).notNull()
        }
    }

    /// An FTS5 index with the trigram tokenizer, so that a search for any part of a name ("vel" finds
    /// "Ada Lovelace") is an index lookup instead of a scan of every contact. Its rowid is the contact's
    /// id. Triggers keep it in step when a contact is changed or deleted and when tags change.
    ///
    /// A new contact's row is written by ``ContactRecord/insert(_:)`` itself, not by a trigger: FTS5
    /// flushes its pending index data at every statement savepoint, which a trigger opens for each row,
    /// and an import of 100,000 entries took 4.4 s longer that way (one flush per entry instead of one
    /// per transaction).
    ///
    /// The list is ordered pinned first (`pinned DESC`), then by name: v1's index on (`pinned`,
    /// `displayName`) runs the other way for `pinned`, so SQLite sorted all 100,000 rows to show the
    /// first 50. An index in the list's own directions serves a page straight from the index.
    static func v2(_ db: Database) throws {
        try db.execute(sql: """
            DROP INDEX contact_on_pinned_displayName;
            CREATE INDEX contact_in_list_order ON contact (pinned DESC, displayName);

            CREATE VIRTUAL TABLE contactSearch USING fts5(name, alias, company, tags, tokenize = 'trigram');

            INSERT INTO contactSearch (rowid, name, alias, company, tags)
                SELECT id, name, alias, company,
                       (SELECT group_concat(tag, char(10)) FROM contactTag WHERE contactId = contact.id)
                FROM contact;

            CREATE TRIGGER contactSearchOnUpdate AFTER UPDATE OF name, alias, company ON contact BEGIN
                UPDATE contactSearch SET name = new.name, alias = new.alias, company = new.company WHERE rowid = new.id;
            END;
            CREATE TRIGGER contactSearchOnDelete AFTER DELETE ON contact BEGIN
                DELETE FROM contactSearch WHERE rowid = old.id;
            END;

            CREATE TRIGGER contactSearchOnTagInsert AFTER INSERT ON contactTag BEGIN
                UPDATE contactSearch
                SET tags = (SELECT group_concat(tag, char(10)) FROM contactTag WHERE contactId = new.contactId)
                WHERE rowid = new.contactId;
            END;
            CREATE TRIGGER contactSearchOnTagDelete AFTER DELETE ON contactTag BEGIN
                UPDATE contactSearch
                SET tags = (SELECT group_concat(tag, char(10)) FROM contactTag WHERE contactId = old.contactId)
                WHERE rowid = old.contactId;
            END;
            """)
    }

    /// A person can be met many times: what each nearby exchange leaves (when, how, both notes, both
    /// session bindings, the common friends) moves out of `contact`, which held one of each, into a table
    /// with a row per meeting. A contact that had any of those columns filled keeps them as its first
    /// meeting, dated by `exchangedAt` (or `addedAt`).
    static func v3(_ db: Database) throws {
        try db.create(table: "exchange") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("contact", onDelete: .cascade).notNull()
            t.column("exchangedAt", .datetime).notNull()
            t.column("source", .text)
                .check { column in column == nil || ["comparedCode", "sessionSecret"].map { column == $0 }.joined(operator: .or) }
            t.column("handshakeHash", .blob)
            t.column("ourBinding", .blob)
            t.column("theirBinding", .blob)
            t.column("ourNote", .text)
            t.column("theirNote", .text)
            t.column("commonFriends", .jsonText).notNull().defaults(to: "[]")
        }
        try db.execute(sql: """
            INSERT INTO exchange (contactId, exchangedAt, ourBinding, theirBinding, ourNote, theirNote, commonFriends)
                SELECT id, coalesce(exchangedAt, addedAt), exchangeSignatureSent, exchangeSignatureReceived,
                       sentNote, receivedNote, coalesce(commonFriends, '[]')
                FROM contact
                WHERE sentNote IS NOT NULL OR receivedNote IS NOT NULL OR exchangeSignatureSent IS NOT NULL
                   OR exchangeSignatureReceived IS NOT NULL OR commonFriends IS NOT NULL;
            ALTER TABLE contact DROP COLUMN sentNote;
            ALTER TABLE contact DROP COLUMN receivedNote;
            ALTER TABLE contact DROP COLUMN exchangeSignatureSent;
            ALTER TABLE contact DROP COLUMN exchangeSignatureReceived;
            ALTER TABLE contact DROP COLUMN commonFriends;
            """)
    }
}
