import PostgresNIO

/// The mailbox's tables on PostgreSQL: the same tables, columns and indexes as `SQLiteSchema`, with
/// PostgreSQL's types (`BYTEA` for bytes, `BIGINT` for Unix milliseconds, `BOOLEAN`, an identity column
/// for event ids), and the same migration names, but for v6: the relay's rooms, which one SQLite process keeps
/// in memory.
///
/// Migrations run when a server starts, in one transaction that first takes the schema's advisory lock
/// (`PostgresLockSpace/migration`, keyed by the schema's name): two instances starting together take
/// turns, and the second finds the work done; instances of different schemas do not wait on each other.
/// The transaction lifts the statement limit (3 s) and runs without the client's deadline, since a
/// migration (an index on a large table) may take longer. Applied migrations are listed in `handshake_migration`. A migration is never edited once
/// released; a change is a new one.
enum PostgresSchema {
    /// Each migration's name and statements (one statement each: PostgreSQL prepares them one at a time).
    static let migrations: [(name: String, statements: [String])] = [
        (
            "v1: accounts, sessions, share links, friend requests, contacts",
            [
                """
                CREATE TABLE account (
                    node_id          TEXT PRIMARY KEY,
                    sig_key          BYTEA NOT NULL,
                    card             BYTEA,              -- the published card, COSE_Sign1 bytes
                    card_updated_at  BIGINT,             -- that card's own updatedAt
                    created_at       BIGINT NOT NULL
                )
                """,
                """
                CREATE TABLE auth_challenge (
                    challenge        BYTEA PRIMARY KEY,  -- 32 random bytes
                    sig_key          BYTEA NOT NULL,     -- the key the answer must verify with
                    expires_at       BIGINT NOT NULL,
                    used_at          BIGINT
                )
                """,
                """
                CREATE TABLE session (
                    token_hash       BYTEA PRIMARY KEY,  -- SHA-256 of the bearer token
                    node_id          TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                    created_at       BIGINT NOT NULL,
                    expires_at       BIGINT NOT NULL
                )
                """,
                """
                CREATE TABLE share_link (
                    token_hash       BYTEA PRIMARY KEY,  -- SHA-256 of the 43-character token
                    owner            TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                    created_at       BIGINT NOT NULL,
                    expires_at       BIGINT NOT NULL,
                    used_at          BIGINT,
                    used_by          TEXT,
                    revoked_at       BIGINT
                )
                """,
                "CREATE INDEX share_link_by_owner ON share_link(owner, created_at)",
                """
                CREATE TABLE friend_request (
                    id               TEXT PRIMARY KEY,
                    sender           TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                    receiver         TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                    sender_card      BYTEA NOT NULL,
                    receiver_card    BYTEA,
                    note             TEXT,
                    route            TEXT NOT NULL CHECK (route IN ('nodeId', 'token')),
                    status           TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled')),
                    created_at       BIGINT NOT NULL,
                    answered_at      BIGINT
                )
                """,
                "CREATE INDEX friend_request_by_receiver ON friend_request(receiver, status, created_at)",
                "CREATE INDEX friend_request_by_sender ON friend_request(sender, status, created_at)",
                """
                CREATE TABLE contact (
                    owner            TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                    contact          TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                    card             BYTEA NOT NULL,     -- the contact's card as accepted
                    favorite         BOOLEAN NOT NULL DEFAULT FALSE,
                    added_at         BIGINT NOT NULL,
                    PRIMARY KEY (owner, contact)
                )
                """,
            ]
        ),
        (
            "v2: the event log",
            [
                """
                CREATE TABLE event (
                    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- increasing: the SSE id
                    account          TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                    kind             TEXT NOT NULL,
                    request_id       TEXT,
                    peer             TEXT,
                    pending_requests BIGINT,
                    created_at       BIGINT NOT NULL
                )
                """,
                "CREATE INDEX event_by_account ON event(account, id)",
            ]
        ),
        (
            "v3: presentation requests",
            [
                """
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
                    created_at       BIGINT NOT NULL,
                    expires_at       BIGINT NOT NULL,
                    answered_at      BIGINT
                )
                """,
                "CREATE INDEX verifier_request_by_owner ON verifier_request(owner, created_at)",
            ]
        ),
        (
            "v4: wallet-pass signatures",
            [
                """
                CREATE TABLE pass_signature (
                    owner            TEXT NOT NULL REFERENCES account(node_id) ON DELETE CASCADE,
                    signed_at        BIGINT NOT NULL
                )
                """,
                "CREATE INDEX pass_signature_by_owner ON pass_signature(owner, signed_at)",
            ]
        ),
        (
            // Signing in makes a session only; the account is made when its owner publishes a card or asks
            // for it. So a session no longer refers to an account row, and keeps the key it signed in with.
            "v5: sessions without an account",
            [
                "ALTER TABLE session DROP CONSTRAINT IF EXISTS session_node_id_fkey",
                "ALTER TABLE session ADD COLUMN sig_key BYTEA",
                "UPDATE session SET sig_key = account.sig_key FROM account WHERE account.node_id = session.node_id",
                "DELETE FROM session WHERE sig_key IS NULL",
                "ALTER TABLE session ALTER COLUMN sig_key SET NOT NULL",
                "CREATE INDEX session_by_account ON session(node_id, expires_at)",
            ]
        ),
        (
            // Which instance holds which seat of a relay room, so the two sides of a room may reach different
            // instances (PostgresRelayDirectory). One process on SQLite keeps this in memory: no SQLite table.
            // Unlogged: a room lives minutes, and none survives a crash of the database anyway.
            "v6: relay rooms shared by instances",
            [
                """
                CREATE UNLOGGED TABLE relay_room (
                    name             TEXT PRIMARY KEY,   -- 32 hexadecimal digits: the path's room
                    first_instance   TEXT NOT NULL,
                    first_seat       BIGINT NOT NULL,
                    second_instance  TEXT,
                    second_seat      BIGINT,
                    opened_at        BIGINT NOT NULL,
                    used_until       BIGINT,
                    forget_at        BIGINT NOT NULL
                )
                """,
                "CREATE INDEX relay_room_by_age ON relay_room(forget_at)",
            ]
        ),
    ]

    /// Applies the migrations `storage`'s database lacks, in order, in one transaction under the schema's
    /// migration lock; their names, oldest first.
    static func migrate(_ storage: PostgresStorage) async throws -> [String] {
        try await storage.transaction(within: nil) { connection in
            try await storage.execute("SET LOCAL statement_timeout = 0", on: connection)
            try await storage.execute(
                "SELECT pg_advisory_xact_lock(\(PostgresLockSpace.migration.rawValue), hashtext(current_schema()))", on: connection)
            try await storage.execute(
                """
                CREATE TABLE IF NOT EXISTS handshake_migration (
                    name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """, on: connection)
            let applied = Set(try await storage.rows("SELECT name FROM handshake_migration", on: connection).map { try $0.string("name") })
            let missing = migrations.filter { !applied.contains($0.name) }
            for migration in missing {
                for statement in migration.statements {
                    try await storage.execute(PostgresQuery(unsafeSQL: statement), on: connection)
                }
                try await storage.execute("INSERT INTO handshake_migration (name) VALUES (\(migration.name))", on: connection)
            }
            return missing.map(\.name)
        }
    }
}
