import GRDB

// How a searched list finds its page quickly at any size of book.
//
// Two ways answer "the first page of contacts matching TEXT, in list order", and each is fast where the
// other is slow:
// - The trigram index (`contactSearch`, three characters or more) finds the matches of a rare text at
//   once, but a text that matches a fifth of the book hands back 20,000 matches that must all be sorted
//   into list order before the first 50 are known (38 ms at 100,000 contacts).
// - Walking the list-order index and testing each contact stops as soon as the page is full: a text
//   that matches many contacts fills it within a few hundred rows (under a millisecond), but a rare one
//   reads the whole book.
// So a paged search first walks the top of the list, a bounded number of rows; if the page fills there,
// that is the answer (the first matches in list order are the first matches overall). Otherwise the
// matches are few near the top and the index answers. One or two characters make no trigram, so for
// them the walk, unbounded, is the only way and still ends at the page's last match.
//
// The walk tests with LIKE, which ignores case for ASCII letters only, while the trigram index folds
// case for all of Unicode: the walk is used only for ASCII text, where the two agree, and a test checks
// that both ways give the same pages.

/// A piece of SQL for a WHERE clause with its arguments.
struct SQLCondition {
    var sql: String
    var arguments: StatementArguments

    init(_ sql: String, _ arguments: StatementArguments = []) {
        self.sql = sql
        self.arguments = arguments
    }
}

extension ContactBook {
    /// How many rows of the list a paged search reads per contact of its page before asking the index:
    /// a text matching one contact in 20 or more fills its page within the walk, and a rare text pays for
    /// reading 1,000 rows (about a millisecond) before the index answers.
    static let walkedRowsPerWantedContact = 20
    /// Past this many rows a walk costs more than the index does at its worst.
    static let longestBoundedWalk = 20_000

    /// The page `query` asks for among the contacts matching `search` (not empty), in list order.
    static func searchedPage(_ search: String, _ query: ContactListQuery, _ db: Database) throws -> [ContactRecord] {
        let walkable = search.allSatisfy { $0.isASCII && !$0.isNewline }
        let short = search.unicodeScalars.count < 3
        guard walkable, let requested = query.limit else {
            return try listRequest(query, matching: indexedSearchCondition(search)).fetchAll(db)
        }
        if short {
            return try listRequest(query, matching: walkedSearchCondition(search)).fetchAll(db)
        }
        let limit = max(0, requested), offset = max(0, query.offset)
        let bound = (offset + limit) * walkedRowsPerWantedContact
        if bound <= longestBoundedWalk, let page = try boundedWalk(search, query, rows: bound, limit: limit, offset: offset, db) {
            return page
        }
        return try listRequest(query, matching: indexedSearchCondition(search)).fetchAll(db)
    }

    /// The page among the matches in the first `rows` contacts of the filtered list; `nil` when those
    /// rows hold too few matches to fill it (and the list goes on).
    ///
    /// The list is read in order as a cursor that says of each contact only its id and whether it
    /// matches, and the reading stops at the page's last match or after `rows` contacts, so a page costs
    /// what it reads, not what the book holds.
    static func boundedWalk(_ search: String, _ query: ContactListQuery, rows: Int, limit: Int, offset: Int, _ db: Database) throws -> [ContactRecord]? {
        let filters = listFilters(query)
        let match = walkedSearchCondition(search)
        var arguments = match.arguments
        for filter in filters { arguments += filter.arguments }
        let sql = """
            SELECT id, \(match.sql) AS hit FROM contact\(filters.isEmpty ? "" : " WHERE " + filters.map(\.sql).joined(separator: " AND ")) \
            ORDER BY pinned DESC, displayName, id
            """
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        var read = 0
        var hits: [Int64] = []
        var exhausted = false
        while hits.count < offset + limit {
            guard read < rows else { break }
            guard let row = try cursor.next() else {
                exhausted = true
                break
            }
            read += 1
            // NULL when every tested column is NULL: not a match.
            if row["hit"] as Bool? == true { hits.append(row["id"]) }
        }
        guard hits.count == offset + limit || exhausted else { return nil }
        let page = Array(hits.dropFirst(offset))
        let records = Dictionary(uniqueKeysWithValues: try ContactRecord.fetchAll(db, keys: page).compactMap { record in record.id.map { ($0, record) } })
        return page.compactMap { records[$0] }
    }

    /// Name, alias, company or a tag contains `text` (through the trigram index for three characters or
    /// more), or the Node ID starts with it.
    static func indexedSearchCondition(_ text: String) -> SQLCondition {
        var condition: SQLCondition
        if text.unicodeScalars.count >= 3 {
            // As one FTS5 phrase ("…", inner quotes doubled) the text is matched literally, never as
            // query syntax.
            condition = SQLCondition(
                "id IN (SELECT rowid FROM contactSearch WHERE contactSearch MATCH ?)",
                ["\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""])
        } else {
            // One or two characters make no trigram: read the index's text instead.
            let pattern = "%" + likeEscaped(text) + "%"
            condition = SQLCondition(
                """
                id IN (SELECT rowid FROM contactSearch WHERE name LIKE ? ESCAPE '\\' OR alias LIKE ? ESCAPE '\\' \
                OR company LIKE ? ESCAPE '\\' OR tags LIKE ? ESCAPE '\\')
                """,
                [pattern, pattern, pattern, pattern])
        }
        return condition.orNodeIDStarting(with: text)
    }

    /// The same test as ``indexedSearchCondition(_:)`` made on each contact's own row, for a walk in
    /// list order; only for ASCII text (see the top of this file).
    static func walkedSearchCondition(_ text: String) -> SQLCondition {
        let pattern = "%" + likeEscaped(text) + "%"
        return SQLCondition(
            """
            (name LIKE ? ESCAPE '\\' OR alias LIKE ? ESCAPE '\\' OR company LIKE ? ESCAPE '\\' \
            OR EXISTS (SELECT 1 FROM contactTag WHERE contactTag.contactId = contact.id AND contactTag.tag LIKE ? ESCAPE '\\'))
            """,
            [pattern, pattern, pattern, pattern]
        ).orNodeIDStarting(with: text)
    }
}

extension SQLCondition {
    /// This condition, or the Node ID starts with `text`. Node IDs are ASCII letters and digits, so every
    /// one starting with `text` sorts between it and `text` + DEL: a range the unique index on nodeId
    /// answers directly.
    func orNodeIDStarting(with text: String) -> SQLCondition {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return self }
        return SQLCondition("(" + sql + " OR (nodeId >= ? AND nodeId < ?))", arguments + [text, text + "\u{7F}"])
    }
}
