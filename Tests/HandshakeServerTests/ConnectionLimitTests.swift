import Foundation
import HandshakeServer
import HandshakeTestSupport
import Hummingbird
import Testing

/// What the application `handshake serve` runs does with connections, on a loopback port, with the caps of
/// the lowest open-file limit it starts with (``DescriptorBudget/fitting(limit:database:cores:)``): a
/// connection past the cap gets `503 server_busy` and is closed, idle ones are closed under pressure, a
/// request without keep-alive closes its connection once answered, event streams are capped per account and
/// counted until their client leaves, and HEAD answers what GET would.
@Suite struct ConnectionLimitTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/raw_http.py")

    /// The caps of the lowest limit the server starts with, on `backend`, with `pressureIdleTime`.
    static func smallBudget(_ backend: Backend, pressureIdleTime: Duration = .seconds(600), streamsPerAccount: Int = 8) throws -> DescriptorBudget {
        let database: DescriptorBudget.DatabaseShare = backend == .postgres ? .postgres : .sqlite
        let lowest = DescriptorBudget.fitting(limit: 0, database: database, cores: 2)
        var budget = try DescriptorBudget(limit: lowest.limit, database: database, cores: 2, streamsPerAccount: streamsPerAccount)
        budget.pressureIdleTime = pressureIdleTime
        return budget
    }

    /// A mailbox on `backend` whose application has `budget`'s caps.
    static func mailbox(_ backend: Backend, budget: DescriptorBudget) async throws -> TestMailbox {
        var mailbox = try await TestMailbox(backend)
        mailbox.server.descriptorBudget = budget
        return mailbox
    }

    /// `request` sent on a connection of its own; what came back until the server closed it (or `timeout`;
    /// with `answers`, until that many whole answers came and then 1 s more).
    static func exchange(port: Int, _ request: String, timeout: Int = 10, answers: Int? = nil) async throws -> (answer: String, closed: Bool) {
        let result = try await Self.python(["exchange", String(port), String(timeout)] + (answers.map { [String($0)] } ?? []), stdin: Data(request.utf8))
        let json = try #require(try JSONSerialization.jsonObject(with: result) as? [String: Any], "\(String(decoding: result, as: UTF8.self))")
        return (try #require(json["answer"] as? String), try #require(json["closed"] as? Bool))
    }

    static func python(_ arguments: [String], stdin: Data) async throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let (input, output) = (Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
        // Waits without blocking a thread: the server answers on this process's threads.
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        return output.fileHandleForReading.readDataToEndOfFile()
    }

    /// `count` idle connections held open by a helper process until ``release()``.
    struct Held {
        let process: Process
        let input: Pipe
        let lines: PipeLines

        static func open(port: Int, count: Int, busy: Bool = false) async throws -> Held {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", ConnectionLimitTests.script.path, "hold", String(port), String(count), "120"] + (busy ? ["busy"] : [])
            let (input, output) = (Pipe(), Pipe())
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let lines = PipeLines(output.fileHandleForReading)
            let first = try await lines.next()
            #expect(first == "held \(count)")
            return Held(process: process, input: input, lines: lines)
        }

        /// Closes them all; how many the server had closed first (waiting up to 10 s for `awaiting` of them,
        /// so that a close still on its way is counted).
        func release(awaiting: Int = 0) async throws -> Int {
            input.fileHandleForWriting.write(Data("\(awaiting)\n".utf8))
            try input.fileHandleForWriting.close()
            let report = try #require(try await lines.next())
            let json = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
            return try #require(json["closed_by_server"] as? Int)
        }
    }

    /// Polls `metric` in `server`'s metrics until `until` holds (at most `seconds`); its last value.
    @discardableResult
    static func waitFor(_ metric: String, in server: MailboxServer, seconds: Int = 20, until: (Double) -> Bool) async throws -> Double {
        var value = MetricsTests.sample(metric, in: server.metrics.text()) ?? -1
        for _ in 0..<(seconds * 20) where !until(value) {
            try await Task.sleep(for: .milliseconds(50))
            value = MetricsTests.sample(metric, in: server.metrics.text()) ?? -1
        }
        #expect(until(value), "\(metric) stayed at \(value)")
        return value
    }

    /// The caps the unit file's limit gives (docs/deploy/handshake.service and docs/server.md say them).
    @Test func theUnitsLimitGivesTheDocumentedCaps() throws {
        let unit = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/deploy/handshake.service"),
            encoding: .utf8)
        let line = try #require(unit.split(separator: "\n").first { $0.hasPrefix("LimitNOFILE=") })
        let limit = try #require(Int(line.dropFirst("LimitNOFILE=".count)))
        let budget = try DescriptorBudget(limit: limit, database: .sqlite, cores: 2)
        #expect(budget.connections == 61_358 && budget.streams == 30_679, "\(budget.summary)")
    }

    /// Every place taken by a connection with a request in flight (a body still arriving): a newcomer is
    /// answered 503 with the sentence and closed, and served again once places are free.
    @Test(arguments: Backend.allCases) func aConnectionPastTheCapIsAnswered503WithASentenceAndClosed(_ backend: Backend) async throws {
        let budget = try Self.smallBudget(backend)
        let mailbox = try await Self.mailbox(backend, budget: budget)
        try await mailbox.testServing { _, port in
            let held = try await Held.open(port: port, count: budget.connections, busy: true)
            try await Self.waitFor("handshake_connections_open", in: mailbox.server, until: { $0 == Double(budget.connections) })
            let (answer, closed) = try await Self.exchange(port: port, "GET /health HTTP/1.1\r\nHost: test\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 503"), "\(answer)")
            #expect(answer.lowercased().contains("retry-after: 2") && answer.lowercased().contains("connection: close"), "\(answer)")
            #expect(answer.contains("\"code\":\"server_busy\"") && answer.contains("as many connections as it can right now"), "\(answer)")
            #expect(closed)
            #expect(MetricsTests.sample("handshake_connections_refused_total", in: mailbox.server.metrics.text()) == 1)
            // Their requests are in flight: none was closed to make room.
            #expect(try await held.release() == 0)
            try await Self.waitFor("handshake_connections_open", in: mailbox.server, until: { $0 <= 1 })
            // (The test client's own connection, idle, may have made room for the last of them: a fresh one.)
            let after = try await Self.exchange(port: port, "GET /health HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
            #expect(after.answer.hasPrefix("HTTP/1.1 200"), "\(after.answer)")
        }
    }

    /// Every place taken by an idle connection: a newcomer takes the place of the one idle longest, which
    /// is closed, and is answered.
    @Test(arguments: Backend.allCases) func aNewcomerTakesThePlaceOfTheLongestIdleConnection(_ backend: Backend) async throws {
        let budget = try Self.smallBudget(backend)
        let mailbox = try await Self.mailbox(backend, budget: budget)
        try await mailbox.testServing { _, port in
            let held = try await Held.open(port: port, count: budget.connections)
            try await Self.waitFor("handshake_connections_open", in: mailbox.server, until: { $0 == Double(budget.connections) })
            let (answer, closed) = try await Self.exchange(port: port, "GET /health HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 200") && closed, "\(answer)")
            // (The test client's own idle connection, when it has one, made room for the last holder first.)
            try await Self.waitFor("handshake_connections_closed_idle_total", in: mailbox.server, until: { $0 >= 1 })
            #expect(MetricsTests.sample("handshake_connections_refused_total", in: mailbox.server.metrics.text()) == 0)
            #expect(try await held.release(awaiting: 1) == 1)
        }
    }

    @Test(arguments: Backend.allCases) func idleConnectionsAreClosedUnderPressureAndAStreamIsNot(_ backend: Backend) async throws {
        let budget = try Self.smallBudget(backend, pressureIdleTime: .milliseconds(200))
        let mailbox = try await Self.mailbox(backend, budget: budget)
        try await mailbox.testServing { client, port in
            let ada = try await client.person("Ada")
            let curl = try EventTests.curlStream(port: port, token: ada.token)
            defer { if curl.isRunning { EventTests.stop(curl) } }
            try await Self.waitFor("handshake_event_streams_open", in: mailbox.server, until: { $0 == 1 })
            let held = try await Held.open(port: port, count: budget.pressureThreshold + 4)
            try await Self.waitFor("handshake_connections_closed_idle_total", in: mailbox.server, until: { $0 >= 4 })
            try await Self.waitFor("handshake_connections_open", in: mailbox.server, until: { $0 < Double(budget.pressureThreshold) })
            #expect(try await held.release(awaiting: 4) >= 4)
            // The stream has a response in flight: it is not idle, and stays.
            #expect(curl.isRunning)
            #expect(MetricsTests.sample("handshake_event_streams_open", in: mailbox.server.metrics.text()) == 1)
        }
    }

    @Test(arguments: Backend.allCases) func aRequestWithoutKeepAliveClosesItsConnectionOnceAnswered(_ backend: Backend) async throws {
        let mailbox = try await Self.mailbox(backend, budget: try Self.smallBudget(backend))
        try await mailbox.testServing { _, port in
            // HTTP/1.0 without keep-alive: answered in 1.0 and closed (it was held for the 30 s idle timeout).
            let old = try await Self.exchange(port: port, "GET /health HTTP/1.0\r\n\r\n")
            #expect(old.answer.hasPrefix("HTTP/1.0 200") && old.answer.hasSuffix("{\"status\":\"ok\"}"), "\(old.answer)")
            #expect(old.closed)
            // `Connection: close` in any spelling.
            let close = try await Self.exchange(port: port, "GET /health HTTP/1.1\r\nHost: test\r\nConnection: Close\r\n\r\n")
            #expect(close.answer.hasPrefix("HTTP/1.1 200") && close.answer.lowercased().contains("connection: close"), "\(close.answer)")
            #expect(close.closed)
            // HTTP/1.0 that asks for keep-alive keeps it: two requests, two answers, still open 1 s after them.
            let kept = try await Self.exchange(
                port: port, "GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
                answers: 2)
            #expect(kept.answer.components(separatedBy: "{\"status\":\"ok\"}").count == 3, "\(kept.answer)")
            #expect(!kept.closed)
        }
    }

    @Test(arguments: Backend.allCases) func headAnswersWhatGetWouldWithoutABody(_ backend: Backend) async throws {
        let mailbox = try await Self.mailbox(backend, budget: try Self.smallBudget(backend))
        try await mailbox.testServing { client, port in
            let ada = try await client.person("Ada")
            let token = try await client.shareToken(for: ada)
            let paths = [
                "/health", "/share/contact/\(token)", "/v1/share-links/\(token)", "/v1/cards/\(ada.nodeID)",
                "/share/contact/0Ab9zZ7qR2sT4uV6wX8yA1bC3dE5fG7hJ9kL2mN4pQ6",
            ]
            for path in paths {
                let get = try await Self.exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
                let head = try await Self.exchange(port: port, "HEAD \(path) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
                let (getHead, getBody) = try Self.split(get.answer)
                let (headHead, headBody) = try Self.split(head.answer)
                #expect(getHead.first == headHead.first, "\(path): GET \(getHead.first ?? "-"), HEAD \(headHead.first ?? "-")")
                // The helper reads bytes as Latin-1: one scalar per byte of a binary body (a card).
                #expect(Self.field("content-length", in: headHead) == String(getBody.unicodeScalars.count), "\(path): \(headHead)")
                #expect(Self.field("content-type", in: headHead) == Self.field("content-type", in: getHead), "\(path)")
                #expect(headBody.isEmpty && !getBody.isEmpty, "\(path): a HEAD answer carried \(headBody.utf8.count) bytes")
            }
            // The event stream's HEAD says what its GET would, without opening a stream.
            let stream = try await Self.exchange(
                port: port, "HEAD /v1/events/stream HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(ada.token)\r\nConnection: close\r\n\r\n")
            #expect(stream.answer.hasPrefix("HTTP/1.1 200") && stream.answer.contains("text/event-stream") && stream.closed, "\(stream.answer)")
            #expect(MetricsTests.sample("handshake_event_streams_open", in: mailbox.server.metrics.text()) == 0)
            // A method a path does not take: 405, and HEAD is among those it does. (On a fresh connection: the
            // test client's own may have sat idle past the 30 s timeout while the exchanges ran on a busy machine.)
            let delete = try await Self.exchange(port: port, "DELETE /share/contact/\(token) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
            let (deleteHead, _) = try Self.split(delete.answer)
            #expect(deleteHead.first?.hasPrefix("HTTP/1.1 405") == true && Self.field("allow", in: deleteHead) == "GET, HEAD", "\(delete.answer)")
        }
    }

    @Test(arguments: Backend.allCases) func theOpenStreamsGaugeDropsAsSoonAsAClientLeavesAndStreamsAreCappedPerAccount(_ backend: Backend) async throws {
        let budget = try Self.smallBudget(backend, streamsPerAccount: 2)
        let mailbox = try await Self.mailbox(backend, budget: budget)
        try await mailbox.testServing { client, port in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let first = try EventTests.curlStream(port: port, token: ada.token)
            defer { if first.isRunning { EventTests.stop(first) } }
            let second = try EventTests.curlStream(port: port, token: ada.token)
            defer { if second.isRunning { EventTests.stop(second) } }
            try await Self.waitFor("handshake_event_streams_open", in: mailbox.server, until: { $0 == 2 })
            // A third stream of the same account is refused with its sentence; another account's is not.
            let third = try await Self.exchange(
                port: port, "GET /v1/events/stream HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(ada.token)\r\nConnection: close\r\n\r\n")
            #expect(third.answer.hasPrefix("HTTP/1.1 429") && third.answer.contains("\"code\":\"too_many_streams\""), "\(third.answer)")
            #expect(third.answer.contains("This account already has 2 event streams open on this server"), "\(third.answer)")
            let bobs = try EventTests.curlStream(port: port, token: bob.token)
            defer { if bobs.isRunning { EventTests.stop(bobs) } }
            try await Self.waitFor("handshake_event_streams_open", in: mailbox.server, until: { $0 == 3 })
            // A client that leaves is counted out when it leaves, not at the stream's next keep-alive, up to
            // 15 s later: the gauge is polled for 5 s only.
            EventTests.stop(first)
            try await Self.waitFor("handshake_event_streams_open", in: mailbox.server, seconds: 5, until: { $0 == 2 })
            // Its place is free again.
            let again = try EventTests.curlStream(port: port, token: ada.token)
            defer { if again.isRunning { EventTests.stop(again) } }
            try await Self.waitFor("handshake_event_streams_open", in: mailbox.server, until: { $0 == 3 })
        }
    }

    /// An answer's head lines and its body.
    static func split(_ answer: String) throws -> (head: [String], body: String) {
        let range = try #require(answer.range(of: "\r\n\r\n"), "\(answer)")
        return (answer[..<range.lowerBound].components(separatedBy: "\r\n"), String(answer[range.upperBound...]))
    }

    static func field(_ name: String, in head: [String]) -> String? {
        head.dropFirst().first { $0.lowercased().hasPrefix(name + ":") }.map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
    }
}

extension EventTests {
    /// curl holding `/v1/events/stream` open with `token`, its output discarded.
    static func curlStream(port: Int, path: String = "/v1/events/stream", token: String?) throws -> Process {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-sN", "--max-time", "120"] + (token.map { ["-H", "Authorization: Bearer \($0)"] } ?? []) + ["http://127.0.0.1:\(port)\(path)"]
        curl.standardOutput = FileHandle.nullDevice
        try curl.run()
        return curl
    }
}
