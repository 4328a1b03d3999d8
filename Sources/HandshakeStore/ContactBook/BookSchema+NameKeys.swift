import GRDB
import HandshakeCore

extension BookSchema {
    /// The name keys (`Skeleton.nameKey`) of each contact's card name and alias, indexed, so that "does this
    /// card claim a contact's name?" is an index lookup, not a skeleton of every name in a book of 100,000.
    ///
    /// Unlike the other migrations, this one fills its columns with a rule of the application's: the keys are
    /// derived data, and computing them by today's rule is right whenever this runs. When the rule changes (a
    /// new confusables.txt), a new migration recomputes them the same way.
    static func v6(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE contact ADD COLUMN nameKey TEXT NOT NULL DEFAULT '';
            ALTER TABLE contact ADD COLUMN aliasKey TEXT NOT NULL DEFAULT '';
            """)
        try recomputeNameKeys(db)
        try db.execute(sql: """
            CREATE INDEX contact_on_nameKey ON contact (nameKey) WHERE nameKey <> '';
            CREATE INDEX contact_on_aliasKey ON contact (aliasKey) WHERE aliasKey <> '';
            """)
    }

    /// Writes every contact's `nameKey` and `aliasKey` from its `name` and `alias`.
    static func recomputeNameKeys(_ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT id, name, alias FROM contact WHERE name IS NOT NULL OR alias IS NOT NULL")
        let update = try db.makeStatement(sql: "UPDATE contact SET nameKey = ?, aliasKey = ? WHERE id = ?")
        for row in rows {
            let name: String? = row["name"]
            let alias: String? = row["alias"]
            let id: Int64 = row["id"]
            try update.execute(arguments: [Skeleton.nameKey(name ?? ""), Skeleton.nameKey(alias ?? ""), id])
        }
    }
}
