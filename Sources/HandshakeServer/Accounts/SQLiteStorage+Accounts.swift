import Foundation
import GRDB
import HandshakeCore
import HandshakeMailbox

/// ``MailboxAccountStorage`` on SQLite: challenges burned by a conditional update, sessions by token hash, and
/// a card published in one write transaction that reads what the account holds, asks ``CardReplacement``,
/// and replaces it.
extension SQLiteStorage {
    /// ``MailboxAccountStorage/saveChallenge(_:)`` on SQLite, as the extension above describes.
    public func saveChallenge(_ challenge: AuthChallenge) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO auth_challenge (challenge, sig_key, expires_at) VALUES (?, ?, ?)",
                arguments: [Data(challenge.bytes), Data(challenge.sigKey), challenge.expiresAt.unixMillis])
        }
    }

    /// ``MailboxAccountStorage/consumeChallenge(_:now:)`` on SQLite, as the extension above describes.
    public func consumeChallenge(_ bytes: [UInt8], now: Date) async throws -> AuthChallenge? {
        try await write { db in
            try db.execute(
                sql: "UPDATE auth_challenge SET used_at = ? WHERE challenge = ? AND used_at IS NULL AND expires_at > ?",
                arguments: [now.unixMillis, Data(bytes), now.unixMillis])
            guard db.changesCount == 1,
                let row = try Row.fetchOne(db, sql: "SELECT * FROM auth_challenge WHERE challenge = ?", arguments: [Data(bytes)]),
                let sigKey = row.bytes("sig_key"), let expiresAt = row.date("expires_at")
            else { return nil }
            return AuthChallenge(bytes: bytes, sigKey: sigKey, expiresAt: expiresAt)
        }
    }

    /// ``MailboxAccountStorage/createAccountIfNeeded(sigKey:now:)`` on SQLite, as the extension above describes.
    public func createAccountIfNeeded(sigKey: [UInt8], now: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO account (node_id, sig_key, created_at) VALUES (?, ?, ?) ON CONFLICT (node_id) DO NOTHING",
                arguments: [NodeID(sigKey: sigKey).rawValue, Data(sigKey), now.unixMillis])
        }
    }

    /// ``MailboxAccountStorage/createAccountIfNeeded(ofSession:now:)`` on SQLite: from the session's key.
    public func createAccountIfNeeded(ofSession tokenHash: [UInt8], now: Date) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO account (node_id, sig_key, created_at) SELECT node_id, sig_key, ? FROM session WHERE token_hash = ?
                    ON CONFLICT (node_id) DO NOTHING
                    """,
                arguments: [now.unixMillis, Data(tokenHash)])
        }
    }

    /// ``MailboxAccountStorage/account(_:)`` on SQLite, as the extension above describes.
    public func account(_ nodeID: NodeID) async throws -> Account? {
        try await read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM account WHERE node_id = ?", arguments: [nodeID.rawValue]) else {
                return nil
            }
            return Account(
                nodeID: try row.nodeID("node_id"), sigKey: row.bytes("sig_key") ?? [], card: row.bytes("card"),
                cardUpdatedAt: (row["card_updated_at"] as Int64?).map { UInt64(max(0, $0)) },
                createdAt: row.date("created_at") ?? Date(unixMillis: 0))
        }
    }

    /// ``MailboxAccountStorage/publishedCards(of:)`` on SQLite: one query, a placeholder per Node ID.
    public func publishedCards(of nodeIDs: [NodeID]) async throws -> [NodeID: [UInt8]] {
        guard !nodeIDs.isEmpty else { return [:] }
        return try await read { db in
            let marks = Array(repeating: "?", count: nodeIDs.count).joined(separator: ", ")
            var cards: [NodeID: [UInt8]] = [:]
            let rows = try Row.fetchAll(
                db, sql: "SELECT node_id, card FROM account WHERE node_id IN (\(marks)) AND card IS NOT NULL",
                arguments: StatementArguments(nodeIDs.map(\.rawValue)))
            for row in rows {
                if let card = row.bytes("card") { cards[try row.nodeID("node_id")] = card }
            }
            return cards
        }
    }

    /// ``MailboxAccountStorage/saveSession(tokenHash:sigKey:now:expiresAt:)`` on SQLite, as the extension above describes.
    public func saveSession(tokenHash: [UInt8], sigKey: [UInt8], now: Date, expiresAt: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO session (token_hash, node_id, sig_key, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [Data(tokenHash), NodeID(sigKey: sigKey).rawValue, Data(sigKey), now.unixMillis, expiresAt.unixMillis])
        }
    }

    /// ``MailboxAccountStorage/sessionAccount(tokenHash:now:)`` on SQLite, as the extension above describes.
    public func sessionAccount(tokenHash: [UInt8], now: Date) async throws -> NodeID? {
        try await read { db in
            guard let row = try Row.fetchOne(
                    db, sql: "SELECT node_id FROM session WHERE token_hash = ? AND expires_at > ?",
                    arguments: [Data(tokenHash), now.unixMillis])
            else { return nil }
            return try row.nodeID("node_id")
        }
    }

    /// ``MailboxAccountStorage/endSessions(of:tokenHash:)`` on SQLite.
    public func endSessions(of account: NodeID, tokenHash: [UInt8]?) async throws {
        try await write { db in
            if let tokenHash {
                try db.execute(sql: "DELETE FROM session WHERE node_id = ? AND token_hash = ?", arguments: [account.rawValue, Data(tokenHash)])
            } else {
                try db.execute(sql: "DELETE FROM session WHERE node_id = ?", arguments: [account.rawValue])
            }
        }
    }

    /// ``MailboxAccountStorage/publishCard(_:as:now:)`` on SQLite, as the extension above describes.
    public func publishCard(_ card: SignedCard, as account: NodeID, now: Date) async throws {
        // updatedAt is at most a day past the verifier's clock, far below Int64's range.
        let updatedAt = Int64(clamping: card.card.updatedAt)
        try await write { db in
            // The first card makes the account (only a card of the account's own key: a moved card goes only to
            // an account that holds the old key); what the account holds is read in the writer's transaction,
            // so no other publish comes between the rule's decision and the update.
            if card.nodeID == account {
                try db.execute(
                    sql: "INSERT INTO account (node_id, sig_key, created_at) VALUES (?, ?, ?) ON CONFLICT (node_id) DO NOTHING",
                    arguments: [account.rawValue, Data(card.card.sigKey.rawRepresentation), now.unixMillis])
            }
            let row = try Row.fetchOne(db, sql: "SELECT sig_key, card_updated_at FROM account WHERE node_id = ?", arguments: [account.rawValue])
            let held = row.map { row in
                HeldCard(sigKey: row.bytes("sig_key") ?? [], updatedAt: (row["card_updated_at"] as Int64?).map { UInt64(max(0, $0)) })
            }
            try CardReplacement.admit(card, as: account, replacing: held)
            try db.execute(
                sql: """
                    INSERT INTO account (node_id, sig_key, card, card_updated_at, created_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (node_id) DO UPDATE SET card = excluded.card, card_updated_at = excluded.card_updated_at
                    """,
                arguments: [account.rawValue, Data(card.card.sigKey.rawRepresentation), Data(card.bytes), updatedAt, now.unixMillis])
        }
    }
}
