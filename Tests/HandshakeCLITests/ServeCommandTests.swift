import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `handshake serve` as a real process on loopback: the remote flow over a socket, a graceful stop on
/// SIGTERM, and the data still there after a restart — on the default SQLite file and on PostgreSQL
/// (`--database $HANDSHAKE_TEST_POSTGRES_URL`, in a database of the test's own).
@Suite(.serialized, .tags(.runsAlone)) struct ServeCommandTests {
    /// Where a test's server keeps its data.
    enum Database: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    /// A fresh PostgreSQL database on the test cluster, its URL, and how to drop it. Fails loudly when
    /// `HANDSHAKE_TEST_POSTGRES_URL` is missing (scripts/test sets it).
    static func makePostgresDatabase() throws -> (url: String, drop: () -> Void) {
        guard let base = ProcessInfo.processInfo.environment["HANDSHAKE_TEST_POSTGRES_URL"], var url = URLComponents(string: base) else {
            throw CLIFailure("HANDSHAKE_TEST_POSTGRES_URL is not set; start a cluster with scripts/start-postgres (scripts/test does it).")
        }
        let name = "hs_cli_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try psql(base, "CREATE DATABASE \(name)")
        url.path = "/" + name
        let made = try #require(url.string)
        return (made, { try? psql(base, "DROP DATABASE \(name) WITH (FORCE)") })
    }

    static func psql(_ url: String, _ command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", url, "-q", "-v", "ON_ERROR_STOP=1", "-c", command]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CLIFailure("psql failed: \(command)") }
    }

    struct CLIFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A running `handshake serve` on a loopback port, with its log in the home folder.
    struct Server {
        let process: Process
        let port: Int

        /// The server's own address.
        var url: String { "http://127.0.0.1:\(port)" }

        /// A server in a home of its own on a random loopback port, healthy before this returns; its public
        /// URL is its own address (so links and response addresses reach it) unless `publicURL` is given.
        static func running(options: [String] = [], publicURL: String? = nil) async throws -> Server {
            let port = CLI.serverPort()
            let server = try start(try CLI(), port: port, options: options, publicURL: publicURL ?? "http://127.0.0.1:\(port)")
            try await server.waitUntilHealthy()
            return server
        }

        static func start(
            _ cli: CLI, port: Int, database: String? = nil, options: [String] = [], publicURL: String = "https://mailbox.example"
        ) throws -> Server {
            let process = Process()
            process.executableURL = try CLI.binary
            process.arguments = ["serve", "--port", String(port), "--public-url", publicURL] + (database.map { ["--database", $0] } ?? []) + options
            var environment = ProcessInfo.processInfo.environment
            environment["HANDSHAKE_HOME"] = cli.home.path
            process.environment = environment
            let log = cli.file("serve-\(port).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: log)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return Server(process: process, port: port)
        }

        /// Waits (up to 20 s) until `/health` answers 200.
        func waitUntilHealthy() async throws {
            for _ in 0..<200 {
                if let (status, _) = try? await call("GET", "/health"), status == 200 { return }
                try await Task.sleep(for: .milliseconds(100))
            }
            Issue.record("the server did not become healthy on port \(port)")
        }

        /// One HTTP request; the status and the body.
        func call(_ method: String, _ path: String, token: String? = nil, json: [String: String]? = nil, raw: [UInt8]? = nil) async throws -> (Int, Data) {
            try await Self.call(port: port, method, path, token: token, json: json, raw: raw)
        }

        /// One HTTP request to the server on `port`, for tasks that hold the port rather than the process.
        static func call(
            port: Int, _ method: String, _ path: String, token: String? = nil, json: [String: String]? = nil, raw: [UInt8]? = nil
        ) async throws -> (Int, Data) {
            let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
            var request = URLRequest(url: url)
            request.httpMethod = method
            if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            if let json {
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = try JSONSerialization.data(withJSONObject: json)
            } else if let raw {
                request.setValue("application/cose", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(raw)
            }
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
        }

        /// The JSON object of a response that must have `status`.
        func object(_ method: String, _ path: String, expecting status: Int, token: String? = nil, json: [String: String]? = nil) async throws
            -> [String: Any]
        {
            let (actual, data) = try await call(method, path, token: token, json: json)
            #expect(actual == status, "\(method) \(path): \(String(decoding: data, as: UTF8.self))")
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }

        /// Signs in with the labelled challenge and returns the bearer token.
        func signIn(_ identity: Identity) async throws -> String {
            let challenge = try await object("POST", "/v1/auth/challenge", expecting: 201, json: ["sigKey": Base64URL.encode(identity.sigKey.rawRepresentation)])
            let text = try #require(challenge["challenge"] as? String)
            let bytes = try #require(Base64URL.decode(text))
            let token = try await object(
                "POST", "/v1/auth/token", expecting: 201,
                json: ["challenge": text, "signature": Base64URL.encode(identity.sign(bytes, for: .serverChallenge))])
            return try #require(token["token"] as? String)
        }

        /// Sends SIGTERM and waits (up to 20 s) for the process to exit.
        func stop() async throws -> Int32? {
            process.terminate()
            for _ in 0..<200 where process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
            return process.isRunning ? nil : process.terminationStatus
        }
    }

    /// The `--database` for `backend` (nil: the default SQLite file in the home) and how to drop it after.
    static func database(for backend: Database) throws -> (url: String?, drop: () -> Void) {
        guard backend == .postgres else { return (nil, {}) }
        let (url, drop) = try makePostgresDatabase()
        return (url, drop)
    }

    static func card(_ identity: Identity, name: String) throws -> SignedCard {
        try Fixture.namedCard(name, by: identity)
    }

    /// What an operator trips over at start-up, each a sentence: a port in use, a second server on one SQLite
    /// file, a negative number; and what the first log lines say (the database, the public URL's warning).
    @Test func startUpProblemsAreSentencesAndTheLogNamesTheDatabase() async throws {
        let cli = try CLI()
        let port = CLI.serverPort(count: 3)
        let first = try Server.start(cli, port: port, publicURL: "http://127.0.0.1:\(port)")
        defer { first.process.terminate() }
        try await first.waitUntilHealthy()
        let log = try String(contentsOf: cli.file("serve-\(port).log"), encoding: .utf8)
        #expect(log.contains("database=sqlite:\(cli.home.path)/server.sqlite"), "\(log)")
        #expect(!log.contains("no --public-url"))

        // The same home, another port: its SQLite file is served already.
        let second = try await cli.run("serve", "--port", String(port + 1))
        #expect(second.status == 1 && second.stderr.contains("Another handshake serve is already using \(cli.home.path)/server.sqlite"), "\(second.stderr)")
        // Another home, the same port.
        let other = try CLI()
        let busy = try await other.run("serve", "--port", String(port))
        #expect(busy.status == 1 && busy.stderr.contains("Port \(port) on 127.0.0.1 is already in use"), "\(busy.stderr)")
        #expect(!busy.stderr.contains("errno"))
        // A negative number is told what is wrong with it, not shown a help page.
        let negative = try await other.run("serve", "--link-lifetime", "-5")
        #expect(negative.stderr.contains("--link-lifetime must be between 1 second and 30 days"), "\(negative.stderr)")

        // The database from a file (a password stays off the command line), and no --public-url: a warning.
        let urlFile = other.file("database-url")
        try Data("sqlite:\(other.file("from-file.sqlite").path)\n".utf8).write(to: urlFile)
        // A file other users can read is refused, as ssh refuses such a key: the password in it may be known.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: urlFile.path)
        let open = try await other.run("serve", "--port", String(port + 2), "--database-file", urlFile.path)
        #expect(open.status == 1, "\(open.stderr)")
        #expect(open.stderr.contains("other users of this machine can read it (mode 644). Make it yours alone with chmod 600"), "\(open.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: urlFile.path)
        let process = Process()
        process.executableURL = try CLI.binary
        process.arguments = ["serve", "--port", String(port + 2), "--database-file", urlFile.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["HANDSHAKE_HOME": other.home.path]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { process.terminate() }
        let lines = PipeLines(errors.fileHandleForReading)
        var seen = ""
        while let line = try await lines.next() {
            seen += line + "\n"
            if line.contains("database ready") { break }
        }
        #expect(seen.contains("database=sqlite:\(other.file("from-file.sqlite").path)"), "\(seen)")
        // A new database: the log lists every migration it applied.
        #expect(seen.contains("migrationsApplied=v1: accounts, sessions, share links, friend requests, contacts; v2: the event log"), "\(seen)")
        #expect(seen.contains("no --public-url: share links are built on this instance's own address, http://127.0.0.1:\(port + 2)"), "\(seen)")
    }

    /// A client that declares a body larger than any route takes, and sends none, is answered 413 at once
    /// (it waited 30 s for a 408 before). curl waits for the answer with the body still owed.
    @Test func aDeclaredLengthOverTheLimitIsRefusedBeforeAnyBody() async throws {
        let server = try await Server.running()
        defer { server.process.terminate() }
        let answer = try await CLI.runTool("curl", [
            "-s", "--max-time", "10", "-o", "-", "-w", "\n%{http_code}", "-X", "POST", "-H", "Content-Type: application/json",
            "-H", "Content-Length: 200000", "--data-binary", "", "http://127.0.0.1:\(server.port)/v1/auth/challenge",
        ])
        #expect(answer.stdout.hasSuffix("\n413"), "\(answer.stdout)\(answer.stderr)")
        #expect(answer.stdout.contains("\"payload_too_large\""), "\(answer.stdout)")
    }

    /// Headers over the limits (a 9 KiB field; 101 fields) are `431 headers_too_large` in the usual JSON
    /// shape (Hummingbird alone answered 400 with an empty body); a request that is not HTTP is `400`.
    @Test func oversizedHeadersAre431WithTheErrorShape() async throws {
        let server = try await Server.running()
        defer { server.process.terminate() }
        let url = "http://127.0.0.1:\(server.port)/health"
        let bigField = try await CLI.runTool("curl", ["-s", "--max-time", "10", "-w", "\n%{http_code}", "-H", "X-Big: " + String(repeating: "a", count: 9 * 1024), url])
        #expect(bigField.stdout.hasSuffix("\n431"), "\(bigField.stdout)\(bigField.stderr)")
        #expect(bigField.stdout.contains("\"headers_too_large\""), "\(bigField.stdout)")
        let many = (0..<101).flatMap { ["-H", "X-Field-\($0): x"] }
        let manyFields = try await CLI.runTool("curl", ["-s", "--max-time", "10", "-w", "\n%{http_code}"] + many + [url])
        #expect(manyFields.stdout.hasSuffix("\n431"), "\(manyFields.stdout)\(manyFields.stderr)")
        let garbage = try await CLI.runTool("python3", ["-c", """
            import socket, sys
            s = socket.create_connection(("127.0.0.1", \(server.port)))
            s.sendall(b"HELLO THERE\\r\\n\\r\\n")
            s.settimeout(10)
            data = b""
            while True:
                chunk = s.recv(4096)
                if not chunk: break
                data += chunk
            sys.stdout.write(data.decode("utf-8", "replace"))
            """])
        #expect(garbage.stdout.hasPrefix("HTTP/1.1 400"), "\(garbage.stdout)\(garbage.stderr)")
        #expect(garbage.stdout.contains("\"bad_request\""), "\(garbage.stdout)")
    }

    @Test(arguments: Database.allCases) func theRemoteFlowRunsOverASocketStopsOnSIGTERMAndSurvivesARestart(_ backend: Database) async throws {
        let cli = try CLI()
        let port = CLI.serverPort(count: 3)
        let (database, dropDatabase) = try Self.database(for: backend)
        defer { dropDatabase() }
        // On PostgreSQL a second instance starts at the same moment (both migrate; one waits on the lock)
        // and serves the same data.
        let server = try Server.start(cli, port: port, database: database)
        defer { if server.process.isRunning { server.process.terminate() } }
        let peer = try backend == .postgres ? Server.start(cli, port: port + 2, database: database) : nil
        defer { if let peer, peer.process.isRunning { peer.process.terminate() } }
        try await server.waitUntilHealthy()
        try await peer?.waitUntilHealthy()

        let ada = Identity.generate()
        let bob = Identity.generate()
        let adaCard = try Self.card(ada, name: "Ada")
        let bobCard = try Self.card(bob, name: "Bob")
        let adaToken = try await server.signIn(ada)
        let bobToken = try await server.signIn(bob)
        #expect(try await server.call("PUT", "/v1/account/card", token: adaToken, raw: adaCard.bytes).0 == 200)
        #expect(try await server.call("PUT", "/v1/account/card", token: bobToken, raw: bobCard.bytes).0 == 200)

        let link = try await server.object("POST", "/v1/share-links", expecting: 201, token: adaToken)
        let token = try #require(link["token"] as? String)
        #expect(link["url"] as? String == "https://mailbox.example/share/contact/\(token)/\(ada.nodeID.rawValue)")
        let resolved = try await (peer ?? server).object("GET", "/v1/share-links/\(token)", expecting: 200)
        let resolvedText = try #require(resolved["card"] as? String)
        let resolvedBytes = try #require(Base64URL.decode(resolvedText))
        #expect(try CardVerifier().verify(resolvedBytes, now: Date()).card.name == "Ada")

        let request = try await server.object(
            "POST", "/v1/friend-requests", expecting: 201, token: bobToken, json: ["token": token, "card": Base64URL.encode(bobCard.bytes)])
        let id = try #require(request["id"] as? String)
        _ = try await server.object(
            "POST", "/v1/friend-requests/\(id)/accept", expecting: 200, token: adaToken, json: ["card": Base64URL.encode(adaCard.bytes)])

        // An open event stream does not hold the server up: SIGTERM ends it, and the server exits.
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-sN", "--max-time", "60", "-H", "Authorization: Bearer \(bobToken)", "http://127.0.0.1:\(port)/v1/events/stream"]
        // curl writes to a file (unbuffered, -N), read as it grows: the server writes `retry:` once the
        // stream is open, and only then is it stopped.
        let streamed = cli.file("stream-\(port).txt")
        _ = FileManager.default.createFile(atPath: streamed.path, contents: nil)
        curl.standardOutput = try FileHandle(forWritingTo: streamed)
        func received() -> String { (try? String(contentsOf: streamed, encoding: .utf8)) ?? "" }
        try curl.run()
        defer { if curl.isRunning { curl.terminate() } }
        while curl.isRunning, !received().contains("retry: ") { try await Task.sleep(for: .milliseconds(20)) }
        let stopStarted = ContinuousClock.now
        #expect(try await server.stop() == 0)
        #expect(ContinuousClock.now - stopStarted < .seconds(10))
        for _ in 0..<100 where curl.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!curl.isRunning, "the stream should end when the server stops")
        #expect(received().contains("event: friendRequestAccepted"))

        let log = try String(contentsOf: cli.file("serve-\(port).log"), encoding: .utf8)
        #expect(log.contains("stopped"))
        #expect(!log.contains(token), "share tokens must not be logged")
        #expect(FileManager.default.fileExists(atPath: cli.file("server.sqlite").path) == (backend == .sqlite))
        if let peer { #expect(try await peer.stop() == 0) }

        // The same database after a restart: the session, the card and the contact are all still there.
        let again = try Server.start(cli, port: port + 1, database: database)
        defer { if again.process.isRunning { again.process.terminate() } }
        try await again.waitUntilHealthy()
        let (status, served) = try await again.call("GET", "/v1/cards/\(ada.nodeID.rawValue)")
        #expect(status == 200)
        #expect(Array(served) == adaCard.bytes)
        let contacts = try await again.object("GET", "/v1/contacts", expecting: 200, token: bobToken)
        #expect((contacts["contacts"] as? [[String: Any]])?.first?["nodeId"] as? String == ada.nodeID.rawValue)
        #expect(try await again.stop() == 0)
    }

    @Test(arguments: Database.allCases) func aRequestInFlightWhenSIGTERMArrivesStillGetsItsAnswer(_ backend: Database) async throws {
        let cli = try CLI()
        let port = CLI.serverPort(count: 3)
        let (database, dropDatabase) = try Self.database(for: backend)
        defer { dropDatabase() }
        let server = try Server.start(cli, port: port, database: database)
        defer { if server.process.isRunning { server.process.terminate() } }
        try await server.waitUntilHealthy()

        // A challenge request whose body (valid JSON, padded with 100 KB of spaces) curl sends at 10 KB/s (10 s):
        // it is still arriving, so still in flight, when the server is told to stop.
        let identity = Identity.generate()
        let body = #"{"sigKey": ""# + Base64URL.encode(identity.sigKey.rawRepresentation) + #""}"# + String(repeating: " ", count: 100_000)
        let bodyFile = cli.file("slow-body.json")
        try Data(body.utf8).write(to: bodyFile)
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = [
            "curl", "-s", "--max-time", "30", "--limit-rate", "10K", "-H", "Expect:", "-H", "Content-Type: application/json",
            "--data-binary", "@\(bodyFile.path)", "-w", "\\n%{http_code}", "http://127.0.0.1:\(port)/v1/auth/challenge",
        ]
        let output = Pipe()
        curl.standardOutput = output
        // Connections already open (the health check's) are not curl's.
        let before = Self.establishedConnections(toPort: port)
        try curl.run()
        defer { if curl.isRunning { curl.terminate() } }
        // SIGTERM goes as soon as the server has accepted the connection (seen by `ss`), not after a fixed
        // sleep: on a machine busy with the rest of the suite, a sleep can outlast the whole upload.
        for _ in 0..<400 {
            if !curl.isRunning || !Self.establishedConnections(toPort: port).subtracting(before).isEmpty { break }
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect(curl.isRunning, "the upload should still be under way when SIGTERM is sent (curl exited \(curl.isRunning ? -1 : curl.terminationStatus))")
        server.process.terminate()
        for _ in 0..<300 where curl.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(answer.hasSuffix("\n201"), "the request in flight should be answered: \(answer)")
        #expect(answer.contains("\"challenge\""))
        for _ in 0..<200 where server.process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!server.process.isRunning)
        #expect(server.process.terminationStatus == 0)
    }

    /// The established TCP connections to `port` on this host, one line each (`ss` from iproute2).
    static func establishedConnections(toPort port: Int) -> Set<String> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ss", "-Htn", "state", "established", "( dport = :\(port) )"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Set(text.split(separator: "\n").map(String.init))
    }
}
