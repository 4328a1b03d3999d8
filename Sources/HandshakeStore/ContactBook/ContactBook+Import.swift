import Foundation
import GRDB
import HandshakeCore

/// What an address-book import did.
public struct ImportReport: Sendable, Equatable {
    /// Contacts added.
    public var added = 0
    /// Entries skipped because the book (or an earlier entry of the same file) already had them.
    public var duplicates = 0

    /// A report with these counts, for previews and test doubles; the book makes its own.
    public init(added: Int = 0, duplicates: Int = 0) {
        self.added = added
        self.duplicates = duplicates
    }
}

extension ContactBook {
    /// Adds address-book entries as *unverified* contacts, `batchSize` per transaction, skipping any whose
    /// name, emails and phones are already in the book.
    ///
    /// A crash stops the import between batches: every batch committed before it is complete, and none
    /// after it is half there. `progress` is told how many entries were handled after each batch.
    @discardableResult
    public func importUnverified(
        _ entries: [CardFields], claimedNodeIDs: [NodeID?]? = nil, now: Date, batchSize: Int = 1000,
        progress: (Int) -> Void = { _ in }
    ) throws -> ImportReport {
        var report = ImportReport()
        var start = 0
        while start < entries.count {
            let end = min(start + max(1, batchSize), entries.count)
            let batch = try writer.write { db in
                var batchReport = ImportReport()
                let exists = try db.cachedStatement(sql: "SELECT 1 FROM contact WHERE duplicateKey = ? LIMIT 1")
                for index in start..<end {
                    var record = ContactRecord(details: entries[index], source: .import, verification: .unverified, trust: .trusted, now: now)
                    if try Bool.fetchOne(exists, arguments: [record.duplicateKey]) == true {
                        batchReport.duplicates += 1
                        continue
                    }
                    record.claimedNodeId = claimedNodeIDs?[index]?.rawValue
                    record.refreshDisplayName()
                    try record.insertForImport(db)
                    batchReport.added += 1
                }
                // The rows went in through the hand-bound statement, which GRDB's change tracking does not
                // see: tell observers of the list once for the whole batch.
                if batchReport.added > 0 { try db.notifyChanges(in: Table(ContactRecord.databaseTableName)) }
                return batchReport
            }
            report.added += batch.added
            report.duplicates += batch.duplicates
            start = end
            progress(end)
        }
        return report
    }
}
