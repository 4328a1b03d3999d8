import Foundation
import HandshakeServer
import HandshakeTestSupport
import Logging
import PostgresNIO
import Testing

/// The storage backends every server test runs on.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// SQLite, in memory (or a file where a test asks).
    case sqlite
    /// PostgreSQL at `HANDSHAKE_TEST_POSTGRES_URL`, in a schema of the test's own.
    case postgres

    var testDescription: String { rawValue }
}

/// The PostgreSQL the tests use: `HANDSHAKE_TEST_POSTGRES_URL` (scripts/test sets it from
/// scripts/start-postgres). Its absence fails the test that needs it, loudly: the PostgreSQL half of
/// the suite is not optional.
enum TestPostgres {
    /// Why a PostgreSQL test could not start or run.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let variable = "HANDSHAKE_TEST_POSTGRES_URL"

    /// The URL the tests connect to.
    static func url() throws -> String {
        guard let url = ProcessInfo.processInfo.environment[variable], !url.isEmpty else {
            throw Failure(
                description: """
                    \(variable) is not set, so the PostgreSQL half of the server tests cannot run. Start a cluster with \
                    `export \(variable)=$(scripts/start-postgres /tmp/handshake-pg)` (or run scripts/test, which does it).
                    """)
        }
        return url
    }

    /// A quiet logger for pools the tests make.
    static var logger: Logger {
        var logger = Logger(label: "handshake.server.test.postgres")
        logger.logLevel = .error
        return logger
    }

    /// A fresh schema with a random name, so tests running at once never see each other's rows; migrated
    /// unless `migrated` is false. Migrating here, before any server starts, makes a database fault fail
    /// the test at once: a server whose start fails leaves Hummingbird's live test client waiting for a
    /// port that never comes.
    static func createSchema(migrated: Bool = true) async throws -> String {
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await withAdmin { client in _ = try await client.query("CREATE SCHEMA \(unescaped: schema)", logger: logger) }
        if migrated {
            let storage = try storage(schema: schema)
            try await bounded("migrating the test schema") {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { await storage.pool.run() }
                    defer { group.cancelAll() }
                    try await storage.prepare()
                }
            }
        }
        return schema
    }

    /// Drops `schema` and everything in it.
    static func dropSchema(_ schema: String) async throws {
        try await withAdmin { client in _ = try await client.query("DROP SCHEMA \(unescaped: schema) CASCADE", logger: logger) }
    }

    /// A storage on `schema` (its own pool: one per server instance).
    static func storage(schema: String) throws -> PostgresStorage {
        var configuration = try PostgresStorage.Configuration(url: url(), schema: schema)
        configuration.client.options.maximumConnections = 8
        // The suite's load, not the database, is what a request would wait for (TestMailbox.answerLimit).
        configuration.answerLimit = TestMailbox.answerLimit
        configuration.statementLimit = TestMailbox.answerLimit - .seconds(5)
        return PostgresStorage(configuration: configuration, logger: logger)
    }

    /// Runs `body` with a short-lived pool on the test database, within 30 s.
    static func withAdmin(_ body: @escaping @Sendable (PostgresClient) async throws -> Void) async throws {
        let configuration = try PostgresStorage.Configuration(url: url())
        let client = PostgresClient(configuration: configuration.client, backgroundLogger: logger)
        try await bounded("preparing the test schema") {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                try await body(client)
            }
        }
    }

    /// Runs `work`, failing with a sentence if it throws or takes over 30 s (a pool that cannot connect
    /// waits for ever; a test must fail instead).
    static func bounded(_ what: String, _ work: @escaping @Sendable () async throws -> Void) async throws {
        do {
            try await withTimeLimit(.seconds(30), what, work)
        } catch is TimeLimitExceeded {
            throw Failure(description: "\(what): the PostgreSQL at \(variable) did not answer within 30 s")
        } catch {
            // PostgresNIO's errors describe themselves only when reflected; a failing test should say why.
            throw Failure(description: "\(what) failed: \(String(reflecting: error))")
        }
    }
}
