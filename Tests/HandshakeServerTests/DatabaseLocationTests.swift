import HandshakeServer
import Testing

/// What `handshake serve --database` accepts, and how a PostgreSQL URL is read.
@Suite struct DatabaseLocationTests {
    @Test func sqliteAndPostgresLocationsParse() throws {
        #expect(try DatabaseLocation("sqlite::memory:") == .sqliteMemory)
        #expect(try DatabaseLocation("sqlite:/var/lib/handshake/server.sqlite") == .sqliteFile(path: "/var/lib/handshake/server.sqlite"))
        #expect(try DatabaseLocation("postgres://h:s@db:5433/mail") == .postgres(url: "postgres://h:s@db:5433/mail"))
        #expect(throws: DatabaseLocationError.self) { try DatabaseLocation("mysql://h@db/mail") }
        #expect(throws: DatabaseLocationError.self) { try DatabaseLocation("postgres://db/mail") }  // no user
        #expect(throws: DatabaseLocationError.self) { try DatabaseLocation("postgres://h@db/mail?sslmode=sometimes") }
    }

    @Test func aPostgresURLGivesHostPortCredentialsAndDatabase() throws {
        let tcp = try PostgresStorage.Configuration(url: "postgresql://hand%40shake:p%3Ass@db.internal:6543/mailbox?sslmode=disable")
        #expect(tcp.client.host == "db.internal")
        #expect(tcp.client.port == 6543)
        #expect(tcp.client.username == "hand@shake")
        #expect(tcp.client.password == "p:ss")
        #expect(tcp.client.database == "mailbox")
        #expect(tcp.channel == "handshake_events")

        let socket = try PostgresStorage.Configuration(url: "postgres://handshake@/mailbox?host=/run/postgresql", schema: "t_1")
        #expect(socket.client.unixSocketPath == "/run/postgresql/.s.PGSQL.5432")
        #expect(socket.client.password == nil)
        #expect(socket.channel == "handshake_events_t_1")
        #expect(socket.client.options.additionalStartupParameters.contains { $0 == ("search_path", "t_1") })
    }

    @Test func aLogNeverShowsTheDatabasePassword() throws {
        #expect(try DatabaseLocation("postgres://handshake:s3cret@db.internal:5432/handshake").logDescription == "postgres://handshake:***@db.internal:5432/handshake")
        #expect(try DatabaseLocation("postgres://handshake@db.internal/handshake").logDescription == "postgres://handshake@db.internal/handshake")
        #expect(try DatabaseLocation("sqlite:/var/lib/handshake/server.sqlite").logDescription == "sqlite:/var/lib/handshake/server.sqlite")
    }
}
