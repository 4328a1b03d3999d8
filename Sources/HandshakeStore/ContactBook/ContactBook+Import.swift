import Foundation
import GRDB
import HandshakeCore

extension ContactBook {
    /// Adds address-book entries as *unverified* contacts, `batchSize` per transaction, skipping any whose
    /// name, emails and phones are already in the book.
    ///
    /// Each entry is held to the card's limits first, as ``importVCards(_:now:batchSize:progress:)`` holds
    /// a vCard's: text too long shortened, an address or number over its limit left out, a list cut to its
    /// count, each said in ``ImportReport/notes`` (entries numbered from 1 in the order given).
    ///
    /// A crash stops the import between batches: every batch committed before it is complete, and none
    /// after it is half there. `progress` is told how many entries were handled after each batch.
    @discardableResult
    public func importUnverified(
        _ entries: [CardFields], claimedNodeIDs: [NodeID?]? = nil, now: Date, batchSize: Int = 1000,
        progress: (Int) -> Void = { _ in }
    ) throws -> ImportReport {
        var report = ImportReport(entries: entries.count)
        var start = 0
        while start < entries.count {
            let end = min(start + max(1, batchSize), entries.count)
            let batch = try writer.write { db in
                var batchReport = ImportReport()
                let exists = try db.cachedStatement(sql: "SELECT 1 FROM contact WHERE duplicateKey = ? LIMIT 1")
                for index in start..<end {
                    // Held to the card's limits, as every screen that shows a contact expects (ImportedFieldLimits).
                    let limited = ImportedFieldLimits(entries[index])
                    var record = ContactRecord(details: limited.fields, source: .import, verification: .unverified, trust: .trusted, now: now)
                    if try Bool.fetchOne(exists, arguments: [record.duplicateKey]) == true {
                        batchReport.duplicates += 1
                        continue
                    }
                    for change in limited.changes {
                        batchReport.notes.append(ImportReport.Issue(entry: index + 1, name: limited.fields.name, reason: change))
                    }
                    record.claimedNodeId = claimedNodeIDs?[index]?.rawValue
                    record.refreshDisplayName()
                    try record.insertForImport(db)
                    batchReport.addedUnverified += 1
                }
                // The rows went in through the hand-bound statement, which GRDB's change tracking does not
                // see: tell observers of the list once for the whole batch.
                if batchReport.added > 0 { try db.notifyChanges(in: Table(ContactRecord.databaseTableName)) }
                return batchReport
            }
            report.add(batch)
            start = end
            progress(end)
        }
        return report
    }
}
