import GRDB

/// The mailbox's tables, as migrations applied in order when the server opens its database.
///
/// A migration is never edited once released; a schema change is a new one appended to the list. Times
/// are Unix milliseconds (INTEGER); secrets appear only as SHA-256 hashes (BLOB); cards are their signed
/// bytes (BLOB). `PostgresSchema` is the same schema with PostgreSQL's types; a change to one is a
/// migration of the same name in the other.
enum SQLiteSchema {
    /// Applies the migrations `writer`'s database lacks; their names, oldest first.
    static func migrate(_ writer: any DatabaseWriter) throws -> [String] {
        let before = try writer.read { db in try migrator.appliedIdentifiers(db) }
        try migrator.migrate(writer)
        return migrator.migrations.filter { !before.contains($0) }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: accounts, sessions, share links, friend requests, contacts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE account (
                        node_id          TEXT PRIMARY KEY,
                        sig_key          BLOB NOT NULL,
                        card             BLOB,               -- the published card, COSE_Sign1 bytes
                        card_updated_at  INTEGER,            -- that card's own updatedAt
                        created_at       INTEGER NOT NULL
                    );
                    CREATE TABLE auth_challenge (
                        challenge        BLOB PRIMARY KEY,   -- 32 random bytes
                        sig_key          BLOB NOT NULL,      -- the key the answer must verify with
                        expires_at       INTEGER NOT NULL,
                        used_at          INTEGER
                    );
                    CREATE TABLE session (
                        token_hash       BLOB PRIMARY KEY,   -- SHA-256 of the bearer token
                        node_id          TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                        created_at       INTEGER NOT NULL,
                        expires_at       INTEGER NOT NULL
                    );
                    CREATE TABLE share_link (
                        token_hash       BLOB PRIMARY KEY,   -- SHA-256 of the 43-character token
                        owner            TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                        created_at       INTEGER NOT NULL,
                        expires_at       INTEGER NOT NULL,
                        used_at          INTEGER,
                        used_by          TEXT,
                        revoked_at       INTEGER
                    );
                    CREATE INDEX share_link_by_owner ON share_link(owner, created_at);
                    CREATE TABLE friend_request (
                        id               TEXT PRIMARY KEY,
                        sender           TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                        receiver         TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                        sender_card      BLOB NOT NULL,
                        receiver_card    BLOB,
                        note             TEXT,
                        route            TEXT NOT NULL CHECK (route IN ('nodeId', 'token')),
                        status           TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled')),
                        created_at       INTEGER NOT NULL,
                        answered_at      INTEGER
                    );
                    CREATE INDEX friend_request_by_receiver ON friend_request(receiver, status, created_at);
                    CREATE INDEX friend_request_by_sender ON friend_request(sender, status, created_at);
                    CREATE TABLE contact (
                        owner            TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                        contact          TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                        card             BLOB NOT NULL,      -- the contact's card as accepted
                        favorite         INTEGER NOT NULL DEFAULT 0,
                        added_at         INTEGER NOT NULL,
                        PRIMARY KEY (owner, contact)
                    );
                    """)
        }
        migrator.registerMigration("v2: the event log") { db in
            try db.execute(
                sql: """
                    CREATE TABLE event (
                        id               INTEGER PRIMARY KEY AUTOINCREMENT,  -- strictly increasing: the SSE id
                        account          TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                        kind             TEXT NOT NULL,
                        request_id       TEXT,
                        peer             TEXT,
                        pending_requests INTEGER,
                        created_at       INTEGER NOT NULL
                    );
                    CREATE INDEX event_by_account ON event(account, id);
                    """)
        }
        migrator.registerMigration("v3: presentation requests") { db in
            try db.execute(
                sql: """
                    CREATE TABLE verifier_request (
                        id               TEXT PRIMARY KEY,
                        owner            TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,  -- the verifier
                        nonce            TEXT NOT NULL UNIQUE,  -- a presentation is bound to it; answered once
                        state            TEXT NOT NULL UNIQUE,  -- how an answer finds its request
                        client_id        TEXT NOT NULL,
                        query            TEXT NOT NULL,         -- the DCQL query, JSON
                        status           TEXT NOT NULL CHECK (status IN ('pending', 'presented', 'declined')),
                        holder           TEXT,                  -- the holder's did:key, once presented
                        disclosed        TEXT,                  -- the disclosed fields, JSON
                        node_id          TEXT,                  -- the holder's Node ID, when they presented their identity
                        created_at       INTEGER NOT NULL,
                        expires_at       INTEGER NOT NULL,
                        answered_at      INTEGER
                    );
                    CREATE INDEX verifier_request_by_owner ON verifier_request(owner, created_at);
                    """)
        }
        migrator.registerMigration("v4: wallet-pass signatures") { db in
            // One row per signature the server made, for the hourly limit; rows older than the window are
            // deleted as new ones are counted.
            try db.execute(
                sql: """
                    CREATE TABLE pass_signature (
                        owner            TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                        signed_at        INTEGER NOT NULL
                    );
                    CREATE INDEX pass_signature_by_owner ON pass_signature(owner, signed_at);
                    """)
        }
        migrator.registerMigration("v5: sessions without an account") { db in
            // Signing in makes a session only; the account is made when its owner publishes a card or asks
            // for it. So a session no longer refers to an account row, and keeps the key it signed in with.
            try db.execute(
                sql: """
                    CREATE TABLE session_v5 (
                        token_hash       BLOB PRIMARY KEY,   -- SHA-256 of the bearer token
                        node_id          TEXT NOT NULL,      -- the account it signs in to (its row may not exist yet)
                        sig_key          BLOB NOT NULL,      -- the key that signed in, from which that row is made
                        created_at       INTEGER NOT NULL,
                        expires_at       INTEGER NOT NULL
                    );
                    INSERT INTO session_v5 (token_hash, node_id, sig_key, created_at, expires_at)
                        SELECT session.token_hash, session.node_id, account.sig_key, session.created_at, session.expires_at
                        FROM session JOIN account ON account.node_id = session.node_id;
                    DROP TABLE session;
                    ALTER TABLE session_v5 RENAME TO session;
                    CREATE INDEX session_by_account ON session(node_id, expires_at);
                    """)
        }
        return migrator
    }
}
