import Foundation
import HandshakeCore
import HandshakeMailbox
import PostgresNIO

/// ``MailboxAccountStorage`` on PostgreSQL: a challenge is burned by `UPDATE … RETURNING` (one caller gets the
/// row, on whichever instance), accounts are created with `ON CONFLICT DO NOTHING`, and a card is published
/// in a transaction that reads what the account holds `FOR UPDATE`, asks ``CardReplacement``, and replaces it.
extension PostgresStorage {
    /// ``MailboxAccountStorage/saveChallenge(_:)`` on PostgreSQL, as the extension above describes.
    public func saveChallenge(_ challenge: AuthChallenge) async throws {
        try await execute(
            "INSERT INTO auth_challenge (challenge, sig_key, expires_at) VALUES (\(challenge.bytes.bytea), \(challenge.sigKey.bytea), \(challenge.expiresAt.unixMillis))")
    }

    /// ``MailboxAccountStorage/consumeChallenge(_:now:)`` on PostgreSQL, as the extension above describes.
    public func consumeChallenge(_ bytes: [UInt8], now: Date) async throws -> AuthChallenge? {
        let rows = try await rows(
            """
            UPDATE auth_challenge SET used_at = \(now.unixMillis)
            WHERE challenge = \(bytes.bytea) AND used_at IS NULL AND expires_at > \(now.unixMillis)
            RETURNING sig_key, expires_at
            """)
        guard let row = rows.first, let sigKey = try row.bytes("sig_key"), let expiresAt = try row.date("expires_at") else { return nil }
        return AuthChallenge(bytes: bytes, sigKey: sigKey, expiresAt: expiresAt)
    }

    /// ``MailboxAccountStorage/createAccountIfNeeded(sigKey:now:)`` on PostgreSQL, as the extension above describes.
    public func createAccountIfNeeded(sigKey: [UInt8], now: Date) async throws {
        try await execute(
            """
            INSERT INTO account (node_id, sig_key, created_at) VALUES (\(NodeID(sigKey: sigKey).rawValue), \(sigKey.bytea), \(now.unixMillis))
            ON CONFLICT (node_id) DO NOTHING
            """)
    }

    /// ``MailboxAccountStorage/createAccountIfNeeded(ofSession:now:)`` on PostgreSQL: from the session's key.
    public func createAccountIfNeeded(ofSession tokenHash: [UInt8], now: Date) async throws {
        try await execute(
            """
            INSERT INTO account (node_id, sig_key, created_at) SELECT node_id, sig_key, \(now.unixMillis) FROM session WHERE token_hash = \(tokenHash.bytea)
            ON CONFLICT (node_id) DO NOTHING
            """)
    }

    /// ``MailboxAccountStorage/account(_:)`` on PostgreSQL, as the extension above describes.
    public func account(_ nodeID: NodeID) async throws -> Account? {
        guard let row = try await rows("SELECT * FROM account WHERE node_id = \(nodeID.rawValue)").first else { return nil }
        return Account(
            nodeID: try row.nodeID("node_id"), sigKey: try row.bytes("sig_key") ?? [], card: try row.bytes("card"),
            cardUpdatedAt: try row.int64("card_updated_at").map { UInt64(max(0, $0)) },
            createdAt: try row.date("created_at") ?? Date(unixMillis: 0))
    }

    /// ``MailboxAccountStorage/publishedCards(of:)`` on PostgreSQL: one query, the Node IDs as a text array.
    public func publishedCards(of nodeIDs: [NodeID]) async throws -> [NodeID: [UInt8]] {
        guard !nodeIDs.isEmpty else { return [:] }
        var cards: [NodeID: [UInt8]] = [:]
        for row in try await rows("SELECT node_id, card FROM account WHERE node_id = ANY(\(nodeIDs.map(\.rawValue))) AND card IS NOT NULL") {
            if let card = try row.bytes("card") { cards[try row.nodeID("node_id")] = card }
        }
        return cards
    }

    /// ``MailboxAccountStorage/saveSession(tokenHash:sigKey:now:expiresAt:)`` on PostgreSQL, as the extension above describes.
    public func saveSession(tokenHash: [UInt8], sigKey: [UInt8], now: Date, expiresAt: Date) async throws {
        try await execute(
            """
            INSERT INTO session (token_hash, node_id, sig_key, created_at, expires_at)
            VALUES (\(tokenHash.bytea), \(NodeID(sigKey: sigKey).rawValue), \(sigKey.bytea), \(now.unixMillis), \(expiresAt.unixMillis))
            """)
    }

    /// ``MailboxAccountStorage/sessionAccount(tokenHash:now:)`` on PostgreSQL, as the extension above describes.
    public func sessionAccount(tokenHash: [UInt8], now: Date) async throws -> NodeID? {
        try await rows("SELECT node_id FROM session WHERE token_hash = \(tokenHash.bytea) AND expires_at > \(now.unixMillis)")
            .first.map { try $0.nodeID("node_id") }
    }

    /// ``MailboxAccountStorage/endSessions(of:tokenHash:)`` on PostgreSQL.
    public func endSessions(of account: NodeID, tokenHash: [UInt8]?) async throws {
        if let tokenHash {
            _ = try await rows("DELETE FROM session WHERE node_id = \(account.rawValue) AND token_hash = \(tokenHash.bytea) RETURNING 1")
        } else {
            _ = try await rows("DELETE FROM session WHERE node_id = \(account.rawValue) RETURNING 1")
        }
    }

    /// ``MailboxAccountStorage/publishCard(_:as:now:)`` on PostgreSQL, as the extension above describes.
    public func publishCard(_ card: SignedCard, as account: NodeID, now: Date) async throws {
        // updatedAt is at most a day past the verifier's clock, far below Int64's range.
        let updatedAt = Int64(clamping: card.card.updatedAt)
        try await transaction { connection in
            // The first card makes the account (a second instance making it at once waits for this commit and
            // then finds it); the row is then locked, so no other publish comes between the rule's decision
            // and the update, whichever instance it reaches. Only a card of the account's own key makes it: a
            // moved card goes only to an account that holds the old key.
            if card.nodeID == account {
                try await execute(
                    """
                    INSERT INTO account (node_id, sig_key, created_at)
                    VALUES (\(account.rawValue), \(card.card.sigKey.rawRepresentation.bytea), \(now.unixMillis))
                    ON CONFLICT (node_id) DO NOTHING
                    """, on: connection)
            }
            let row = try await rows(
                "SELECT sig_key, card_updated_at FROM account WHERE node_id = \(account.rawValue) FOR UPDATE", on: connection
            ).first
            let held = try row.map { row in
                HeldCard(sigKey: try row.bytes("sig_key") ?? [], updatedAt: try row.int64("card_updated_at").map { UInt64(max(0, $0)) })
            }
            try CardReplacement.admit(card, as: account, replacing: held)
            // An upsert, so the card is kept even if the account went meanwhile (the clean-up spares accounts
            // with a live session, so it cannot, but a card answered as published must be there).
            try await execute(
                """
                INSERT INTO account (node_id, sig_key, card, card_updated_at, created_at)
                VALUES (\(account.rawValue), \(card.card.sigKey.rawRepresentation.bytea), \(card.bytes.bytea), \(updatedAt), \(now.unixMillis))
                ON CONFLICT (node_id) DO UPDATE SET card = excluded.card, card_updated_at = excluded.card_updated_at
                """, on: connection)
            // Every instance's followers of this card hear of it (the card-change streams), on commit.
            try await announce(account, on: connection)
        }
    }
}
