import Foundation
import HandshakeCore
import PostgresNIO

/// ``VerifierRequestStorage`` on PostgreSQL: the outcome is recorded by a conditional
/// `UPDATE … WHERE status = 'pending' RETURNING id`, so of two answers arriving at two instances at once,
/// the database lets exactly one through.
extension PostgresStorage {
    /// ``VerifierRequestStorage/createVerifierRequest(_:)`` on PostgreSQL.
    public func createVerifierRequest(_ request: VerifierRequest) async throws {
        _ = try await rows(
            """
            INSERT INTO verifier_request (id, owner, nonce, state, client_id, query, status, created_at, expires_at)
            VALUES (\(request.id), \(request.owner.rawValue), \(request.nonce), \(request.state), \(request.clientID),
                    \(request.queryJSON), 'pending', \(request.createdAt.unixMillis), \(request.expiresAt.unixMillis))
            """)
    }

    /// ``VerifierRequestStorage/verifierRequest(id:)`` on PostgreSQL.
    public func verifierRequest(id: String) async throws -> VerifierRequest? {
        try await rows("SELECT * FROM verifier_request WHERE id = \(id)").first.map(Self.verifierRequest)
    }

    /// ``VerifierRequestStorage/verifierRequest(state:)`` on PostgreSQL.
    public func verifierRequest(state: String) async throws -> VerifierRequest? {
        try await rows("SELECT * FROM verifier_request WHERE state = \(state)").first.map(Self.verifierRequest)
    }

    private static func verifierRequest(_ row: PostgresRandomAccessRow) throws -> VerifierRequest {
        VerifierRequest(
            id: try row.string("id"), owner: try row.nodeID("owner"), nonce: try row.string("nonce"), state: try row.string("state"),
            clientID: try row.string("client_id"), queryJSON: try row.string("query"),
            createdAt: try row.date("created_at") ?? .distantPast, expiresAt: try row.date("expires_at") ?? .distantPast,
            status: VerifierRequest.Status(rawValue: try row.string("status")) ?? .pending, holder: try row.optionalString("holder"),
            disclosedJSON: try row.optionalString("disclosed"), nodeID: try row.optionalString("node_id").flatMap(NodeID.init),
            answeredAt: try row.date("answered_at"))
    }

    /// ``VerifierRequestStorage/recordVerifierOutcome(_:)`` on PostgreSQL.
    public func recordVerifierOutcome(_ answered: VerifierRequest) async throws -> Bool {
        let updated = try await rows(
            """
            UPDATE verifier_request
            SET status = \(answered.status.rawValue), holder = \(answered.holder), disclosed = \(answered.disclosedJSON),
                node_id = \(answered.nodeID?.rawValue), answered_at = \(answered.answeredAt?.unixMillis)
            WHERE id = \(answered.id) AND status = 'pending'
            RETURNING id
            """)
        return updated.count == 1
    }
}
