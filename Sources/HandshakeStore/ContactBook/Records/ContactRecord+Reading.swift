import Foundation
import GRDB
import HandshakeCore

// Reading a contact row by its column names. Listing a large book reads every row, and most list columns
// hold `[]`; the fields' reader (`CardFields+Columns`) skips the JSON decoder for those (`JSONColumn.value`).

extension ContactRecord {
    init(row: Row) throws {
        id = row["id"]
        nodeId = row["nodeId"]
        claimedNodeId = row["claimedNodeId"]
        sigKey = row["sigKey"]
        encKey = row["encKey"]
        cardBytes = row["cardBytes"]
        cardUpdatedAt = row["cardUpdatedAt"]
        details = try CardFields(bookRow: row)
        matchKeys = row["matchKeys"] ?? ""
        duplicateKey = row["duplicateKey"] ?? ""
        displayName = row["displayName"] ?? ""
        nameKey = row["nameKey"] ?? ""
        aliasKey = row["aliasKey"] ?? ""
        alias = row["alias"]
        trustLevel = try Self.value(row, "trustLevel")
        addedAt = try row.decode(Date.self, forColumn: "addedAt")
        lastSeenAt = row["lastSeenAt"]
        notes = row["notes"]
        pinned = row["pinned"] ?? false
        muted = row["muted"] ?? false
        source = try Self.value(row, "source")
        verificationStatus = try Self.value(row, "verificationStatus")
        exchangedAt = row["exchangedAt"]
        receipts = try Self.value(row, "receipts")
        messageTTLSeconds = row["messageTTLSeconds"]
        securityCodeVerifiedAt = row["securityCodeVerifiedAt"]
    }

    /// A text column that names one case of `Value`; anything else is a damaged row, not a crash.
    private static func value<Value: RawRepresentable>(_ row: Row, _ column: String) throws -> Value where Value.RawValue == String {
        let text: String? = row[column]
        guard let text, let value = Value(rawValue: text) else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "contact.\(column) holds \(text.map { "'\($0)'" } ?? "NULL"), which is not a \(Value.self)")
        }
        return value
    }
}
