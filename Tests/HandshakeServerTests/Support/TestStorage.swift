import Foundation
import HandshakeCore
import HandshakeServer
import HandshakeTestSupport

/// A storage of one backend, empty, for tests that call the rules over it without a server: SQLite in
/// memory, or a PostgreSQL schema of the test's own with its pool running (dropped when the body ends).
enum TestStorage {
    /// Runs `body` with a fresh storage on `backend`.
    static func with<Value: Sendable>(_ backend: Backend, _ body: @Sendable (any MailboxStorage) async throws -> Value) async throws -> Value {
        switch backend {
        case .sqlite:
            return try await body(try SQLiteStorage.inMemory(answerLimit: TestMailbox.answerLimit))
        case .postgres:
            let schema = try await TestPostgres.createSchema()
            let storage = try TestPostgres.storage(schema: schema)
            let outcome: Result<Value, any Error>
            do {
                outcome = .success(
                    try await withThrowingTaskGroup(of: Void.self, returning: Value.self) { group in
                        group.addTask { await storage.pool.run() }
                        defer { group.cancelAll() }
                        // The pool serves nothing until its first probe answers, which preparing makes (the
                        // schema is migrated already).
                        try await storage.prepare()
                        return try await body(storage)
                    })
            } catch {
                outcome = .failure(error)
            }
            try await TestPostgres.dropSchema(schema)
            return try outcome.get()
        }
    }
}

/// Someone with an account on a storage the test fills directly, and the card they published.
struct StoredPerson: Sendable {
    let identity: Identity
    let card: SignedCard
    var nodeID: NodeID { identity.nodeID }

    /// A new person who published a card named `name`, dated `now`, through `rules`.
    static func publish(_ name: String, in rules: MailboxRules, now: Date) async throws -> StoredPerson {
        let identity = Identity.generate()
        let card = try Fixture.namedCard(name, by: identity, at: now)
        try await rules.publishCard(card, now: now)
        return StoredPerson(identity: identity, card: card)
    }
}
