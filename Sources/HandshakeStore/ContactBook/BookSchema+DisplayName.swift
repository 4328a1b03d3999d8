import GRDB

extension BookSchema {
    /// Entries with neither alias nor name were listed under their Node ID (or an empty name) but shown
    /// as "(no name)"; the stored name now follows ``DisplayName`` like the shown one. The rule is spelled
    /// out in SQL here, not taken from ``DisplayName``, so this migration stays what it was if the rule
    /// changes (a test checks the two agree today).
    static func v5(_ db: Database) throws {
        try db.execute(sql: """
            UPDATE contact SET displayName = COALESCE(
                company, json_extract(emails, '$[0]'), json_extract(phones, '$[0]'), nodeId, claimedNodeId, '(no name)')
            WHERE alias IS NULL AND name IS NULL
            """)
    }
}
