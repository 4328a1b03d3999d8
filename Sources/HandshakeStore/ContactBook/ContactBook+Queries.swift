import Foundation
import GRDB
import HandshakeCore

extension ContactBook {
    /// The contact list: pinned first, then by display name, filtered and paged as `query` says (the whole
    /// list when it says nothing: `contacts()`).
    public func contacts(_ query: ContactListQuery = ContactListQuery()) throws -> [Contact] {
        try writer.read { db in try Self.contacts(query, db) }
    }

    /// Every tag in the book, each once (in the spelling first used), sorted ignoring case: what a tag filter
    /// offers.
    public func tags() throws -> [String] {
        try writer.read { db in
            let all = try String.fetchAll(db, sql: "SELECT tag FROM \(ContactTagRecord.databaseTableName) ORDER BY tag COLLATE NOCASE, rowid")
            var seen = Set<String>()
            return all.filter { seen.insert($0.lowercased()).inserted }
        }
    }

    /// The list `query` asks for, read in `db`: what both a one-time read and an observation run.
    static func contacts(_ query: ContactListQuery, _ db: Database) throws -> [Contact] {
        let search = query.search?.trimmingCharacters(in: .whitespaces)
        let records: [ContactRecord]
        if let search, !search.isEmpty {
            records = try searchedPage(search, query, db)
        } else {
            records = try listRequest(query, matching: nil).fetchAll(db)
        }
        let tags = try Self.tags(for: records, db)
        return records.map { $0.contact(tags: tags[$0.id ?? 0] ?? []) }
    }

    /// The list in its order (pinned first, then by name), with `query`'s filters and page and an
    /// optional search condition.
    static func listRequest(_ query: ContactListQuery, matching search: SQLCondition?) -> QueryInterfaceRequest<ContactRecord> {
        var request = ContactRecord.all()
        for condition in [search].compactMap({ $0 }) + listFilters(query) {
            request = request.filter(sql: condition.sql, arguments: condition.arguments)
        }
        request = request.order(ContactRecord.Columns.pinned.desc, ContactRecord.Columns.displayName, ContactRecord.Columns.id)
        if let limit = query.limit {
            request = request.limit(max(0, limit), offset: max(0, query.offset))
        }
        return request
    }

    /// The tag and trust filters of `query`.
    static func listFilters(_ query: ContactListQuery) -> [SQLCondition] {
        var filters: [SQLCondition] = []
        if let tag = query.tag {
            filters.append(SQLCondition("id IN (SELECT contactId FROM contactTag WHERE tag = ? COLLATE NOCASE)", [tag]))
        }
        if let trust = query.trust {
            filters.append(SQLCondition("trustLevel = ?", [trust.rawValue]))
        }
        return filters
    }

    /// Tags of many contacts in one query.
    static func tags(for records: [ContactRecord], _ db: Database) throws -> [Int64: [String]] {
        var tags: [Int64: [String]] = [:]
        let rows: [Row]
        // A short list asks for its own tags; a long one reads them all (cheaper than a huge IN list).
        if records.count <= 500 {
            let ids = records.compactMap(\.id)
            rows = try Row.fetchAll(db, sql: "SELECT contactId, tag FROM contactTag WHERE contactId IN (\(ids.map { _ in "?" }.joined(separator: ","))) ORDER BY tag", arguments: StatementArguments(ids))
        } else {
            rows = try Row.fetchAll(db, sql: "SELECT contactId, tag FROM contactTag ORDER BY tag")
        }
        for row in rows {
            let id: Int64 = row["contactId"]
            tags[id, default: []].append(row["tag"])
        }
        return tags
    }

    /// The one contact `who` names: `#id`, a full Node ID, an alias, a name (ignoring case), the start of a
    /// Node ID, or the start of a word of an alias or name — tried in that order; the first kind that
    /// matches anyone decides.
    ///
    /// - Throws: ``ContactBookError/unknownContact(_:)`` when nobody matches;
    ///   ``ContactBookError/ambiguous(_:candidates:)`` listing the candidates when several do.
    public func contact(resolving who: String) throws -> Contact {
        try writer.read { db in try Self.resolve(who, db) }
    }

    static func resolve(_ who: String, _ db: Database) throws -> Contact {
        let who = who.trimmingCharacters(in: .whitespaces)
        guard !who.isEmpty else { throw ContactBookError.unknownContact(who) }
        var tiers: [QueryInterfaceRequest<ContactRecord>] = []
        if who.hasPrefix("#"), let id = Int64(who.dropFirst()) {
            tiers.append(ContactRecord.filter(key: id))
        }
        tiers.append(ContactRecord.filter(ContactRecord.Columns.nodeId == who))
        tiers.append(ContactRecord.filter(sql: "alias = ? COLLATE NOCASE", arguments: [who]))
        tiers.append(ContactRecord.filter(sql: "name = ? COLLATE NOCASE", arguments: [who]))
        if who.count >= 3 {
            tiers.append(ContactRecord.filter(sql: "instr(nodeId, ?) = 1", arguments: [who]))
        }
        // Last, the start of any word of an alias or name: "ada" finds "Ada Lovelace".
        let wordStart = likeEscaped(who) + "%"
        tiers.append(ContactRecord.filter(sql: """
            alias LIKE ?1 ESCAPE '\\' OR alias LIKE '% ' || ?1 ESCAPE '\\' \
            OR name LIKE ?1 ESCAPE '\\' OR name LIKE '% ' || ?1 ESCAPE '\\'
            """, arguments: [wordStart]))
        for tier in tiers {
            let records = try tier.order(ContactRecord.Columns.displayName, ContactRecord.Columns.id).limit(20).fetchAll(db)
            if records.count == 1, let record = records.first { return try loadContact(record, db) }
            if records.count > 1 {
                throw ContactBookError.ambiguous(who, candidates: try records.map { try loadContact($0, db).candidateLine })
            }
        }
        throw ContactBookError.unknownContact(who)
    }

    /// The contact with this local id, if any.
    public func contact(id: Int64) throws -> Contact? {
        try writer.read { db in try ContactRecord.fetchOne(db, key: id).map { try Self.loadContact($0, db) } }
    }

    /// The contact with this Node ID, if any.
    public func contact(nodeID: NodeID) throws -> Contact? {
        try writer.read { db in
            try ContactRecord.filter(ContactRecord.Columns.nodeId == nodeID.rawValue).fetchOne(db).map { try Self.loadContact($0, db) }
        }
    }

    /// Every feature's settings for a contact and who can use it.
    public func preferences(of id: Int64) throws -> [ContactPreference] {
        try writer.read { db in
            let defaults = try Self.userDefaults(db)
            let rows = try ContactPreferenceRecord.filter(Column("contactId") == id).fetchAll(db)
            return ChatFeature.allCases.map { feature in
                let row = rows.first { $0.feature == feature }
                let setting: FeatureSetting = row?.userAllows.map { .allowance($0) } ?? .default
                let userAllows = setting.resolved(userDefault: defaults[feature] ?? feature.defaultAllowance)
                let contactAllows = row?.contactAllows ?? feature.defaultAllowance
                return ContactPreference(
                    feature: feature, userSetting: setting, userAllows: userAllows, contactAllows: contactAllows,
                    state: .combine(feature, user: userAllows, contact: contactAllows))
            }
        }
    }

    /// The user's own default allowance for every feature.
    public func userDefaultPreferences() throws -> [ChatFeature: FeatureAllowance] {
        try writer.read { db in
            var all = try Self.userDefaults(db)
            for feature in ChatFeature.allCases where all[feature] == nil { all[feature] = feature.defaultAllowance }
            return all
        }
    }

    static func userDefaults(_ db: Database) throws -> [ChatFeature: FeatureAllowance] {
        Dictionary(try UserPreferenceRecord.fetchAll(db).map { ($0.feature, $0.allows) }, uniquingKeysWith: { $1 })
    }
}
