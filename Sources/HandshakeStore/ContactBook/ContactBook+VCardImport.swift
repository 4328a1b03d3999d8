import Foundation
import GRDB
@_spi(Wire) import HandshakeCore

extension ContactBook {
    /// Imports a vCard file (2.1, 3.0 or 4.0, in any charset its properties declare) from its bytes.
    ///
    /// An entry carrying a Handshake card (`X-HANDSHAKE-CARD`, as `VCardWriter` and the book's export
    /// write it) whose signature verifies comes back *verified*, with the card's own fields; every other
    /// entry comes in *unverified*, with its photo as the avatar when it fits, and its fields held to the
    /// card's limits (too long shortened, an address or number over its limit left out, each said in
    /// ``ImportReport/notes``). Entries already in the book
    /// (same Node ID, or same name, emails and phones) are skipped. Written `batchSize` entries per
    /// transaction; `progress` is told how many entries were handled and of how many.
    public func importVCards(
        _ bytes: [UInt8], now: Date, batchSize: Int = 1000, progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> ImportReport {
        var report = ImportReport()
        var pending: [PendingImport] = []
        let results = VCardParser.parseAll(bytes)
        report.entries = results.count
        for (index, result) in results.enumerated() {
            let number = index + 1
            let entry: VCardEntry
            switch result {
            case .failure(let error):
                report.skipped.append(ImportReport.Issue(entry: number, reason: error.description))
                continue
            case .success(let read):
                entry = read
            }
            if let bytes = entry.signedCard {
                do throws(CardRejection) {
                    let signed = try CardVerifier().verify(bytes, now: .distantFuture)
                    pending.append(PendingImport(number: number, entry: entry, content: .signed(signed)))
                    continue
                } catch {
                    report.notes.append(ImportReport.Issue(
                        entry: number, name: entry.name,
                        reason: "its Handshake card does not verify (\(error.description)); imported as unverified"))
                }
            }
            // Held to the card's limits, as every screen that shows a contact expects (ImportedFieldLimits).
            let limited = ImportedFieldLimits(entry.fields)
            let details = limited.fields
            guard details.name != nil || !details.emails.isEmpty || !details.phones.isEmpty else {
                report.skipped.append(ImportReport.Issue(entry: number, reason: "it has no name, email or phone"))
                continue
            }
            for note in entry.notes + limited.changes { report.notes.append(ImportReport.Issue(entry: number, name: details.name, reason: note)) }
            pending.append(PendingImport(number: number, entry: entry, content: .unverified(details)))
        }

        var start = 0
        while start < pending.count {
            let end = min(start + max(1, batchSize), pending.count)
            let batch = try writer.write { db in
                var batchReport = ImportReport()
                for item in pending[start..<end] { try Self.insert(item, now: now, into: &batchReport, db) }
                // Rows written by the hand-bound insert are not seen by GRDB's change tracking: tell
                // observers of the list once for the whole batch.
                if batchReport.added > 0 { try db.notifyChanges(in: Table(ContactRecord.databaseTableName)) }
                return batchReport
            }
            report.add(batch)
            start = end
            progress(end, pending.count)
        }
        return report
    }

    /// The photo an address-book entry brought, if it was kept (a verified contact's is in its card).
    public func importedAvatar(ofContact id: Int64) throws -> Avatar? {
        try writer.read { db in
            try ImportedPhotoRecord.fetchOne(db, key: id).flatMap { try? Avatar(data: [UInt8]($0.data)) }
        }
    }

    private struct PendingImport {
        var number: Int
        var entry: VCardEntry
        var content: Content

        /// The verified card the entry carried, or else the entry's own fields, read once (photo included)
        /// when the entry was checked.
        enum Content {
            case signed(SignedCard)
            case unverified(CardFields)
        }
    }

    private static func insert(_ item: PendingImport, now: Date, into report: inout ImportReport, _ db: Database) throws {
        let fields: CardFields
        switch item.content {
        case .signed(let signed):
            if try ContactRecord.filter(ContactRecord.Columns.nodeId == signed.nodeID.rawValue).fetchCount(db) > 0 {
                report.duplicates += 1
                return
            }
            var record = ContactRecord(details: signed.card.fields, source: .import, verification: .verified, trust: .trusted, now: now)
            record.setCard(signed)
            let tags = applyLocalFields(item, to: &record, report: &report)
            try record.insertForImport(db)
            try insertTags(tags, of: record, db)
            report.addedVerified += 1
            return
        case .unverified(let unverified):
            fields = unverified
        }
        var record = ContactRecord(details: fields, source: .import, verification: .unverified, trust: .trusted, now: now)
        let exists = try db.cachedStatement(sql: "SELECT 1 FROM contact WHERE duplicateKey = ? LIMIT 1")
        if try Bool.fetchOne(exists, arguments: [record.duplicateKey]) == true {
            report.duplicates += 1
            return
        }
        record.claimedNodeId = item.entry.claimedNodeID?.rawValue
        let tags = applyLocalFields(item, to: &record, report: &report)
        try record.insertForImport(db)
        try insertTags(tags, of: record, db)
        if let avatar = fields.avatar, let id = record.id {
            try ImportedPhotoRecord(contactId: id, data: Data(avatar.data)).insert(db)
        }
        report.addedUnverified += 1
    }

    /// The book's own fields an export carried (``ExportProperty``), within the limits the book keeps;
    /// a value over its limit is left out with a note. Returns the tags, to insert once the row exists.
    private static func applyLocalFields(_ item: PendingImport, to record: inout ContactRecord, report: inout ImportReport) -> [String] {
        // An address book is text from outside: cleaned of what could control or hide on a screen, as the
        // entry's card fields are, then held to the book's limits (TextLength).
        func values(_ name: String, keepingLineBreaks: Bool = false) -> [String] {
            item.entry.properties.filter { $0.name == name }
                .map { UntrustedText.cleaned($0.text, limit: .max, keepingLineBreaks: keepingLineBreaks) }.filter { !$0.isEmpty }
        }
        func fits(_ text: String, _ limit: Int) -> Bool { TextLength.check(text, limit: limit) == nil }
        func note(_ reason: String) { report.notes.append(ImportReport.Issue(entry: item.number, name: item.entry.name, reason: reason)) }
        if let alias = values(ExportProperty.alias).first {
            if fits(alias, ContactLimits.alias) { record.alias = alias } else { note("its alias is over \(ContactLimits.alias) characters; left out") }
        }
        if let notes = values(ExportProperty.notes, keepingLineBreaks: true).first {
            if fits(notes, ContactLimits.notes) { record.notes = notes } else { note("its notes are over \(ContactLimits.notes) characters; left out") }
        }
        if let trust = values(ExportProperty.trust).first.flatMap(TrustLevel.init(caseInsensitive:)) { record.trustLevel = trust }
        if values(ExportProperty.pinned).first?.lowercased() == "true" { record.pinned = true }
        record.refreshDisplayName()
        var tags: [String] = []
        for tag in values(ExportProperty.tag) where !tags.contains(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) {
            guard fits(tag, ContactLimits.tagLength), tags.count < ContactLimits.tagCount else {
                note("tag \(UntrustedText.quoted(tag, limit: 40)) is over the book's tag limits; left out")
                continue
            }
            tags.append(tag)
        }
        return tags
    }

    private static func insertTags(_ tags: [String], of record: ContactRecord, _ db: Database) throws {
        guard let id = record.id else { return }
        for tag in tags { try ContactTagRecord(contactId: id, tag: tag).insert(db) }
    }
}
