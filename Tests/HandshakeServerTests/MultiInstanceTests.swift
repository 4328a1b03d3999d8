import Foundation
import HandshakeCore
import HandshakeServer
import HandshakeTestSupport
import HummingbirdTesting
import PostgresNIO
import Testing

/// Two server instances on one PostgreSQL database, as behind a load balancer: each has its own pool,
/// its own event broadcaster and its own port, and nothing but the database in common. What must hold
/// for one server holds for the pair: migrations, one-time tokens, the hourly limit, live events.
@Suite struct MultiInstanceTests {
    /// Runs `body` with live clients of two instances sharing a fresh schema, which is dropped afterwards.
    static func twoInstances<Value: Sendable>(
        clock: ManualClock = ManualClock(), _ body: @Sendable (TestMailbox.Client, TestMailbox.Client) async throws -> Value
    ) async throws -> Value {
        try await sharingOneSchema(clock: clock) { first, second in
            try await first.test(.live) { a in
                try await second.test(.live) { b in try await body(a, b) }
            }
        }
    }

    /// Runs `body` with two mailboxes on one fresh schema, which is dropped afterwards, however `body` ends.
    static func sharingOneSchema<Value: Sendable>(
        clock: ManualClock, _ body: @Sendable (TestMailbox, TestMailbox) async throws -> Value
    ) async throws -> Value {
        let schema = try await TestPostgres.createSchema()
        let first = TestMailbox(storage: try TestPostgres.storage(schema: schema), clock: clock)
        let second = TestMailbox(storage: try TestPostgres.storage(schema: schema), clock: clock)
        let outcome: Result<Value, any Error>
        do {
            outcome = .success(try await body(first, second))
        } catch {
            outcome = .failure(error)
        }
        try await TestPostgres.dropSchema(schema)
        return try outcome.get()
    }

    @Test func instancesStartingTogetherMigrateOnce() async throws {
        let schema = try await TestPostgres.createSchema(migrated: false)
        let storages = try (0..<4).map { _ in try TestPostgres.storage(schema: schema) }
        let outcome: Result<Void, any Error>
        do {
            try await withThrowingTaskGroup(of: Void.self) { pools in
                for storage in storages { pools.addTask { await storage.pool.run() } }
                try await withThrowingTaskGroup(of: Void.self) { starts in
                    for storage in storages { starts.addTask { try await storage.prepare() } }
                    try await starts.waitForAll()
                }
                let names = try await storages[0].pool.rows("SELECT name FROM handshake_migration ORDER BY name").map {
                    try $0["name"].decode(String.self)
                }
                #expect(names == PostgresSchemaNames.all)
                for storage in storages { #expect(await storage.isHealthy()) }
                pools.cancelAll()
            }
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        try await TestPostgres.dropSchema(schema)
        try outcome.get()
    }

    @Test func healthIsUnavailableWhileTheDatabaseCannotBeReached() async throws {
        // Nothing listens on port 1: the pool keeps failing to connect, and the check still answers.
        let configuration = try PostgresStorage.Configuration(url: "postgres://nobody:x@127.0.0.1:1/nothing")
        let storage = PostgresStorage(configuration: configuration, logger: TestPostgres.logger)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await storage.pool.run() }
            #expect(await storage.isHealthy() == false)
            group.cancelAll()
        }
    }

    @Test func anEventRaisedThroughOneInstanceReachesAStreamOnTheOther() async throws {
        try await Self.twoInstances(clock: ManualClock(Date())) { a, b in
            let ada = try await a.person("Ada")
            let bob = try await b.person("Bob")
            let port = try #require(b.client.port)
            var requestID = ""
            // Ada listens on instance B; Bob's request and its answer go through instance A.
            let live = try await EventTests.stream(port: port, token: ada.token, lastEventID: nil, events: 2) {
                requestID = try #require(try await a.sendRequest(from: bob, to: ada).object()["id"] as? String)
            }
            let kinds = live.split(separator: "\n").filter { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }
            #expect(kinds == ["friendRequestReceived", "badge"])
            #expect(live.contains("\"requestId\":\"\(requestID)\""))

            // And back: Ada declines through B; Bob, listening on A, hears it.
            let portA = try #require(a.client.port)
            let declined = try await EventTests.stream(port: portA, token: bob.token, lastEventID: nil, events: 1) {
                let answer = try await b.call(.post, "/v1/friend-requests/\(requestID)/decline", token: ada.token)
                #expect(answer.status == .ok)
            }
            let bobKinds = declined.split(separator: "\n").filter { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }
            #expect(bobKinds == ["friendRequestDeclined"])
        }
    }

    @Test func aCardPublishedThroughOneInstanceReachesItsFollowersOnTheOther() async throws {
        let clock = ManualClock(Date())
        try await Self.twoInstances(clock: clock) { a, b in
            let ada = try await a.person("Ada")
            let newer = try Person.card(ada.identity, name: "Ada Lovelace", at: clock.now().addingTimeInterval(1))
            let port = try #require(b.client.port)
            // The follower is on instance B; Ada publishes through A.
            let seen = try await EventTests.stream(port: port, path: "/v1/card-changes?ids=\(ada.nodeID)", token: nil, lastEventID: nil, events: 2) {
                clock.advance(by: 1)
                let published = try await a.call(.put, "/v1/account/card", token: ada.token, raw: newer.bytes)
                #expect(published.status == .ok)
            }
            #expect(try CardChangeStreamTests.changes(in: seen) == [[ada.nodeID, ada.card.entityTag], [ada.nodeID, newer.entityTag]], "\(seen)")
        }
    }

    @Test func theHourlyLinkLimitCountsAcrossBothInstances() async throws {
        try await Self.twoInstances { a, b in
            let ada = try await a.person("Ada")
            // 24 at once, alternating instances: exactly 20 are made.
            let codes = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<24 {
                    let client = index.isMultiple(of: 2) ? a : b
                    group.addTask {
                        let response = try await client.call(.post, "/v1/share-links", token: ada.token)
                        return response.status == .created ? "created" : (response.code ?? "\(response.status)")
                    }
                }
                return try await group.reduce(into: [String: Int]()) { counts, code in counts[code, default: 0] += 1 }
            }
            #expect(codes == ["created": 20, "rate_limited": 4])
            for client in [a, b] {
                let refused = try await client.call(.post, "/v1/share-links", token: ada.token)
                #expect(refused.status == .tooManyRequests)
                #expect(refused.headers[.retryAfter] != nil)
            }
            // An hour later (signed in again: the token lived an hour too) either instance makes one again.
            a.clock.advance(by: 60 * 60 + 1)
            let token = try await a.signIn(ada.identity)
            #expect(try await b.call(.post, "/v1/share-links", token: token).status == .created)
        }
    }

    @Test func sixtyFourRequestsByOneTokenSplitAcrossInstancesBurnItOnce() async throws {
        try await Self.twoInstances { a, b in
            let ada = try await a.person("Ada")
            let token = try await b.shareToken(for: ada)
            var senders: [Person] = []
            for index in 0..<64 { senders.append(try await (index.isMultiple(of: 2) ? a : b).person("Sender \(index)")) }

            let codes = try await withThrowingTaskGroup(of: String.self) { group in
                for (index, sender) in senders.enumerated() {
                    let client = index.isMultiple(of: 2) ? a : b
                    group.addTask {
                        let response = try await client.sendRequest(from: sender, token: token)
                        return response.status == .created ? "created" : (response.code ?? "\(response.status)")
                    }
                }
                return try await group.reduce(into: [String: Int]()) { counts, code in counts[code, default: 0] += 1 }
            }
            #expect(codes == ["created": 1, "link_used": 63])
            for client in [a, b] {
                let received = try #require(
                    try await client.call(.get, "/v1/friend-requests", token: ada.token).object()["requests"] as? [[String: Any]])
                #expect(received.count == 1)
            }
        }
    }
}

/// The migration names the PostgreSQL schema must end with, in name order, and SQLite's: the same but for the
/// relay's rooms, which one SQLite process keeps in memory.
enum PostgresSchemaNames {
    static let sqlite = [
        "v1: accounts, sessions, share links, friend requests, contacts", "v2: the event log", "v3: presentation requests",
        "v4: wallet-pass signatures", "v5: sessions without an account",
    ]
    static let all = sqlite + ["v6: relay rooms shared by instances"]
}
