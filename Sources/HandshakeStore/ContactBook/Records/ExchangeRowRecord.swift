import Foundation
import GRDB
import HandshakeCore

/// One row of `exchange`: one meeting with a contact (`ExchangeRecord`). A person met many times has many
/// rows; deleting the contact deletes them.
struct ExchangeRowRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "exchange"

    var id: Int64?
    var contactId: Int64
    var exchangedAt: Date
    /// `ExchangeRecord/Source` raw value; NULL for a meeting recorded before sources were kept.
    var source: String?
    var handshakeHash: Data?
    var ourBinding: Data?
    var theirBinding: Data?
    var ourNote: String?
    var theirNote: String?
    /// JSON array of the common friends' signing keys, base64.
    var commonFriends: String
    /// The origin of the server whose relay carried the meeting; NULL when it went over the network.
    var throughServer: String?

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension ExchangeRowRecord {
    init(_ record: ExchangeRecord, contactId: Int64) {
        self.init(
            id: nil, contactId: contactId, exchangedAt: record.exchangedAt, source: record.source.rawValue,
            handshakeHash: Data(record.handshakeHash), ourBinding: record.ourBinding.map { Data($0) },
            theirBinding: record.theirBinding.map { Data($0) }, ourNote: record.ourNote, theirNote: record.theirNote,
            commonFriends: JSONColumn.text(record.commonFriends.map(\.description)), throughServer: record.throughServer?.origin)
    }

    /// The record this row stores; a damaged key in the common friends is a damaged row, never skipped.
    func record() throws -> ExchangeRecord {
        let keys: [String] = try JSONColumn.value(of: commonFriends)
        let friends = try keys.map { text -> SigningPublicKey in
            guard let bytes = Data(base64Encoded: text), let key = SigningPublicKey(rawRepresentation: bytes) else {
                throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "a common friend's key in exchange \(id ?? 0) is not a 32-byte key")
            }
            return key
        }
        return ExchangeRecord(
            exchangedAt: exchangedAt, source: source.flatMap(ExchangeRecord.Source.init(rawValue:)) ?? .comparedCode,
            handshakeHash: handshakeHash.map { [UInt8]($0) } ?? [], ourBinding: ourBinding.map { [UInt8]($0) },
            theirBinding: theirBinding.map { [UInt8]($0) }, ourNote: ourNote, theirNote: theirNote, commonFriends: friends,
            throughServer: throughServer.flatMap(ServerOrigin.init))
    }
}
