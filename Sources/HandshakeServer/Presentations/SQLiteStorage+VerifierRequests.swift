import Foundation
import GRDB
import HandshakeCore

/// ``VerifierRequestStorage`` on SQLite: a conditional `UPDATE … WHERE status = 'pending'` records an
/// outcome, and SQLite runs writes one at a time, so a replayed answer finds the request answered.
extension SQLiteStorage {
    /// ``VerifierRequestStorage/createVerifierRequest(_:)`` on SQLite.
    public func createVerifierRequest(_ request: VerifierRequest) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO verifier_request (id, owner, nonce, state, client_id, query, status, created_at, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)
                    """,
                arguments: [
                    request.id, request.owner.rawValue, request.nonce, request.state, request.clientID, request.queryJSON,
                    request.createdAt.unixMillis, request.expiresAt.unixMillis,
                ])
        }
    }

    /// ``VerifierRequestStorage/verifierRequest(id:)`` on SQLite.
    public func verifierRequest(id: String) async throws -> VerifierRequest? {
        try await verifierRequest(where: "id", is: id)
    }

    /// ``VerifierRequestStorage/verifierRequest(state:)`` on SQLite.
    public func verifierRequest(state: String) async throws -> VerifierRequest? {
        try await verifierRequest(where: "state", is: state)
    }

    private func verifierRequest(where column: String, is value: String) async throws -> VerifierRequest? {
        try await read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM verifier_request WHERE \(column) = ?", arguments: [value]) else {
                return nil
            }
            return try VerifierRequest(
                id: row["id"], owner: row.nodeID("owner"), nonce: row["nonce"], state: row["state"], clientID: row["client_id"],
                queryJSON: row["query"], createdAt: row.date("created_at") ?? .distantPast, expiresAt: row.date("expires_at") ?? .distantPast,
                status: VerifierRequest.Status(rawValue: row["status"]) ?? .pending, holder: row["holder"], disclosedJSON: row["disclosed"],
                nodeID: (row["node_id"] as String?).flatMap(NodeID.init), answeredAt: row.date("answered_at"))
        }
    }

    /// ``VerifierRequestStorage/recordVerifierOutcome(_:)`` on SQLite.
    public func recordVerifierOutcome(_ answered: VerifierRequest) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE verifier_request SET status = ?, holder = ?, disclosed = ?, node_id = ?, answered_at = ?
                    WHERE id = ? AND status = 'pending'
                    """,
                arguments: [
                    answered.status.rawValue, answered.holder, answered.disclosedJSON, answered.nodeID?.rawValue,
                    answered.answeredAt?.unixMillis, answered.id,
                ])
            return db.changesCount == 1
        }
    }
}
