import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeServer
import HandshakeTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO
import Testing

/// A mailbox on one backend with a manual clock, and the calls tests make against it through
/// Hummingbird's router test client (no socket) or a live loopback port.
///
/// On SQLite the database is in memory (or a file, with `file: true`); on PostgreSQL it is a schema of
/// the test's own, dropped when ``test(_:_:)`` ends. Several mailboxes over one PostgreSQL schema are
/// several server instances of one service (``init(storage:clock:)``).
struct TestMailbox {
    let clock: ManualClock
    var server: MailboxServer
    /// The PostgreSQL schema this mailbox made and drops when its test ends.
    let ownedSchema: String?
    /// The folder of a SQLite file this mailbox made and removes when its test ends.
    let ownedFolder: URL?
    static let publicURL = "https://mailbox.example"
    /// How long a database access may take in the tests that do not time the database: the suite runs
    /// every test at once on two cores, where a query can wait seconds for a thread; the production limit
    /// (4 s) is what `HungDatabaseTests` and `DatabaseOutageTests` check.
    static let answerLimit: Duration = .seconds(30)

    /// A mailbox on `backend`, with its own empty database.
    init(_ backend: Backend, clock: ManualClock = ManualClock(), policy: MailboxPolicy = MailboxPolicy(), file: Bool = false) async throws {
        switch backend {
        case .sqlite:
            let storage: SQLiteStorage
            var folder: URL?
            if file {
                // A file database in WAL mode, as a running server has, so readers and the writer really overlap.
                let made = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-test-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
                folder = made
                storage = try SQLiteStorage(path: made.appendingPathComponent("server.sqlite").path, answerLimit: Self.answerLimit)
            } else {
                storage = try SQLiteStorage.inMemory(answerLimit: Self.answerLimit)
            }
            self.init(storage: storage, clock: clock, policy: policy, ownedSchema: nil, ownedFolder: folder)
        case .postgres:
            let schema = try await TestPostgres.createSchema()
            self.init(storage: try TestPostgres.storage(schema: schema), clock: clock, policy: policy, ownedSchema: schema, ownedFolder: nil)
        }
    }

    /// A mailbox over `storage`, which the caller made (and cleans up).
    init(storage: any MailboxStorage, clock: ManualClock = ManualClock()) {
        self.init(storage: storage, clock: clock, policy: MailboxPolicy(), ownedSchema: nil, ownedFolder: nil)
    }

    private init(storage: any MailboxStorage, clock: ManualClock, policy: MailboxPolicy, ownedSchema: String?, ownedFolder: URL?) {
        self.clock = clock
        self.ownedSchema = ownedSchema
        self.ownedFolder = ownedFolder
        server = MailboxServer(storage: storage, clock: clock, policy: policy, publicURL: Self.publicURL)
    }

    /// Runs `body` with a client for this mailbox: through the router alone by default, or `.live` on a
    /// loopback port. The storage's services (a PostgreSQL pool, its event listener) run meanwhile and
    /// the schema is migrated first, as `handshake serve` does.
    func test<Value: Sendable>(_ setup: TestingSetup = .router, _ body: @Sendable (Client) async throws -> Value) async throws -> Value {
        var logger = Logger(label: "handshake.server.test")
        logger.logLevel = .warning
        var app = Application(router: server.makeRouter(), services: server.services, logger: logger)
        let server = server
        app.beforeServerStarts { try await server.prepare() }
        let clock = self.clock
        return try await cleaningUp {
            try await app.test(setup) { client in try await body(Client(client: client, clock: clock)) }
        }
    }

    /// Runs `body` against the application `handshake serve` runs — its connection pipeline, caps
    /// (``MailboxServer/descriptorBudget``) and limits — on a loopback port, with a client for it.
    func testServing<Value: Sendable>(_ body: @Sendable (Client, Int) async throws -> Value) async throws -> Value {
        var logger = Logger(label: "handshake.server.test")
        logger.logLevel = .warning
        let app = server.makeApplication(host: "127.0.0.1", port: 0, logger: logger)
        let clock = self.clock
        return try await cleaningUp {
            try await app.test(.live) { client in try await body(Client(client: client, clock: clock), try #require(client.port)) }
        }
    }

    /// The outcome of `work`, once this mailbox's schema or folder is gone.
    private func cleaningUp<Value: Sendable>(_ work: () async throws -> Value) async throws -> Value {
        let outcome: Result<Value, any Error>
        do {
            outcome = .success(try await work())
        } catch let error as PSQLError {
            // PostgresNIO's errors describe themselves only when reflected; a failing test should say why.
            outcome = .failure(TestPostgres.Failure(description: String(reflecting: error)))
        } catch {
            outcome = .failure(error)
        }
        if let ownedFolder { try? FileManager.default.removeItem(at: ownedFolder) }
        if let ownedSchema { try await TestPostgres.dropSchema(ownedSchema) }
        return try outcome.get()
    }

    /// One test client, with helpers for JSON calls and signing in.
    struct Client: Sendable {
        let client: any TestClientProtocol
        let clock: ManualClock

        /// A request with an optional JSON body and bearer token.
        @discardableResult
        func call(
            _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json: [String: any Sendable]? = nil, raw: [UInt8]? = nil,
            form: String? = nil
        ) async throws -> TestResponse {
            var headers: HTTPFields = [:]
            if let token { headers[.authorization] = "Bearer \(token)" }
            var body: ByteBuffer?
            if let json {
                headers[.contentType] = "application/json"
                body = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))
            } else if let form {
                headers[.contentType] = "application/x-www-form-urlencoded"
                body = ByteBuffer(string: form)
            } else if let raw {
                headers[.contentType] = "application/cose"
                body = ByteBuffer(bytes: raw)
            }
            return try await client.execute(uri: uri, method: method, headers: headers, body: body)
        }

        /// Signs in as `identity` through the challenge and returns the bearer token.
        func signIn(_ identity: Identity) async throws -> String {
            let challenge = try await call(.post, "/v1/auth/challenge", json: ["sigKey": Base64URL.encode(identity.sigKey.rawRepresentation)])
            #expect(challenge.status == .created)
            let challengeText = try #require(try challenge.object()["challenge"] as? String)
            let bytes = try #require(Base64URL.decode(challengeText))
            let signature = identity.sign(bytes, for: .serverChallenge)
            let token = try await call(
                .post, "/v1/auth/token", json: ["challenge": challengeText, "signature": Base64URL.encode(signature)])
            #expect(token.status == .created)
            return try #require(try token.object()["token"] as? String)
        }

        /// A signed-in person who has published a card.
        func person(_ name: String) async throws -> Person {
            let identity = Identity.generate()
            let token = try await signIn(identity)
            let card = try Person.card(identity, name: name, at: clock.now())
            let published = try await call(.put, "/v1/account/card", token: token, raw: card.bytes)
            #expect(published.status == .ok)
            return Person(identity: identity, token: token, card: card)
        }

        /// Creates a share link for `person` and returns its token.
        func shareToken(for person: Person) async throws -> String {
            let response = try await call(.post, "/v1/share-links", token: person.token)
            #expect(response.status == .created)
            return try #require(try response.object()["token"] as? String)
        }

        /// Sends a friend request from `sender` (by Node ID or token) and returns the response.
        func sendRequest(from sender: Person, to receiver: Person? = nil, token: String? = nil, note: String? = nil) async throws -> TestResponse {
            var json: [String: any Sendable] = ["card": Base64URL.encode(sender.card.bytes)]
            if let receiver { json["to"] = receiver.nodeID }
            if let token { json["token"] = token }
            if let note { json["note"] = note }
            return try await call(.post, "/v1/friend-requests", token: sender.token, json: json)
        }
    }
}

/// A signed-in account in a test: its identity, bearer token and published card.
struct Person: Sendable {
    let identity: Identity
    let token: String
    let card: SignedCard
    var nodeID: String { identity.nodeID.rawValue }

    /// A freshly signed card for `identity` named `name`, dated `date`.
    static func card(_ identity: Identity, name: String, at date: Date) throws -> SignedCard {
        try Fixture.namedCard(name, by: identity, at: date)
    }
}

extension TestResponse {
    /// The body as a JSON object.
    func object() throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(Array(buffer: body)))
        return try #require(value as? [String: Any], "not a JSON object: \(String(buffer: body))")
    }

    /// The stable error code of an error response.
    var code: String? { (try? object())?["code"] as? String }
}
