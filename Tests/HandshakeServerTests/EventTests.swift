import Foundation
import HandshakeCore
import HandshakeServer
import HandshakeTestSupport
import HummingbirdTesting
import Testing

/// The event log and its stream: each change tells the other side, the badge follows, ids resume.
@Suite struct EventTests {
    /// `person`'s events after `after`, as (type, requestId, pendingRequests) triples.
    static func events(_ client: TestMailbox.Client, _ person: Person, after: Int = 0) async throws -> [[String: Any]] {
        let response = try await client.call(.get, "/v1/events?after=\(after)", token: person.token)
        #expect(response.status == .ok)
        return try #require(try response.object()["events"] as? [[String: Any]])
    }

    @Test(arguments: Backend.allCases) func everyAnswerReachesTheOtherSideAndTheBadgeFollows(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let carol = try await client.person("Carol")
            let mallory = try await client.person("Mallory")
            let fromBob = try #require(try await client.sendRequest(from: bob, to: ada).object()["id"] as? String)
            let fromCarol = try #require(try await client.sendRequest(from: carol, to: ada).object()["id"] as? String)

            let received = try await Self.events(client, ada)
            #expect(received.map { $0["type"] as? String } == ["friendRequestReceived", "badge", "friendRequestReceived", "badge"])
            #expect(received[0]["requestId"] as? String == fromBob)
            #expect(received[0]["peer"] as? String == bob.nodeID)
            #expect(received.compactMap { $0["pendingRequests"] as? Int } == [1, 2])

            let seen = try #require(received.last?["id"] as? Int)
            _ = try await client.call(
                .post, "/v1/friend-requests/\(fromBob)/accept", token: ada.token, json: ["card": Base64URL.encode(ada.card.bytes)])
            _ = try await client.call(.post, "/v1/friend-requests/\(fromCarol)/cancel", token: carol.token)
            let later = try await Self.events(client, ada, after: seen)
            #expect(later.map { $0["type"] as? String } == ["badge", "friendRequestCancelled", "badge"])
            #expect(later.compactMap { $0["pendingRequests"] as? Int } == [1, 0])
            #expect(try await Self.events(client, bob).map { $0["type"] as? String } == ["friendRequestAccepted"])

            let fromMallory = try #require(try await client.sendRequest(from: mallory, to: carol).object()["id"] as? String)
            _ = try await client.call(.post, "/v1/friend-requests/\(fromMallory)/decline", token: carol.token)
            #expect(try await Self.events(client, mallory).map { $0["type"] as? String } == ["friendRequestDeclined"])
            #expect(try await client.call(.get, "/v1/events?after=-1", token: ada.token).code == "bad_request")
            #expect(try await client.call(.get, "/v1/events").status == .unauthorized)
        }
    }

    /// Reads `/v1/events/stream` with curl while `during` runs, until `events` SSE events have arrived (or,
    /// at the latest, `seconds` have passed); returns what arrived. Waiting for the events rather than for
    /// a fixed time keeps the test right on a loaded machine.
    /// `path` is another stream's (`/v1/card-changes?ids=…`, which takes no token).
    static func stream(
        port: Int, path: String = "/v1/events/stream", token: String?, lastEventID: Int?, events: Int, seconds: Int = 20,
        during: () async throws -> Void
    ) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["curl", "-sN", "--max-time", String(seconds)]
        if let token { arguments += ["-H", "Authorization: Bearer \(token)"] }
        if let lastEventID { arguments += ["-H", "Last-Event-ID: \(lastEventID)"] }
        process.arguments = arguments + ["http://127.0.0.1:\(port)\(path)"]
        // curl writes to a file (unbuffered, -N) that is read as it grows.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-stream-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        process.standardOutput = try FileHandle(forWritingTo: file)
        func text() -> String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }
        func eventCount() -> Int { text().split(separator: "\n").filter { $0.hasPrefix("event: ") }.count }
        try process.run()
        defer { if process.isRunning { stop(process) } }
        // The server writes `retry:` once it has subscribed the stream to the account's events, so what
        // `during` records from then on wakes it.
        while process.isRunning, !text().contains("retry: ") { try await Task.sleep(for: .milliseconds(20)) }
        try await during()
        while process.isRunning, eventCount() < events { try await Task.sleep(for: .milliseconds(50)) }
        // No wait for an event too many: the server writes a page of events in one write, so one more of
        // the same wake-up is already in the file, and nothing else in these tests records another.
        if process.isRunning { stop(process) }
        process.waitUntilExit()
        return text()
    }

    /// A stream lives no longer than its token: once the session has expired, the next wake-up ends the
    /// stream instead of delivering (the client signs in again and resumes from its Last-Event-ID).
    @Test func aStreamEndsWhenItsSessionExpires() async throws {
        let clock = ManualClock(Date())
        let mailbox = try await TestMailbox(.sqlite, clock: clock)
        try await mailbox.test(.live) { client in
            let port = try #require(client.client.port)
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let seen = try await Self.stream(port: port, token: ada.token, lastEventID: nil, events: 1) {
                clock.advance(by: MailboxPolicy().sessionLifetime + 1)
                // Bob signs in afresh (his session expired too) and sends Ada a request: it wakes her stream.
                let bobAgain = Person(identity: bob.identity, token: try await client.signIn(bob.identity), card: bob.card)
                _ = try await client.sendRequest(from: bobAgain, to: ada)
            }
            #expect(!seen.contains("event: "), "an expired session's stream delivered: \(seen)")
            #expect(seen.contains("retry: 3000"))
        }
    }

    @Test(arguments: Backend.allCases) func theStreamDeliversLiveEventsAndResumesAfterLastEventID(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend, clock: ManualClock(Date()))
        try await mailbox.test(.live) { client in
            let port = try #require(client.client.port)
            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let first = try #require(try await client.sendRequest(from: bob, to: ada).object()["id"] as? String)

            var declinedID = ""
            let live = try await Self.stream(port: port, token: ada.token, lastEventID: nil, events: 4) {
                let carol = try await client.person("Carol")
                declinedID = try #require(try await client.sendRequest(from: carol, to: ada).object()["id"] as? String)
            }
            // The replay (Bob's request) then the live event (Carol's), each with its badge.
            #expect(live.contains("retry: 3000"))
            let ids = live.split(separator: "\n").filter { $0.hasPrefix("id: ") }.compactMap { Int($0.dropFirst(4)) }
            let kinds = live.split(separator: "\n").filter { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }
            #expect(kinds == ["friendRequestReceived", "badge", "friendRequestReceived", "badge"])
            #expect(ids.count == 4 && ids == ids.sorted())
            #expect(live.contains("\"requestId\":\"\(first)\""))
            #expect(live.contains("\"requestId\":\"\(declinedID)\""))

            // Reconnecting with the last id seen: only what happened since.
            _ = try await client.call(.post, "/v1/friend-requests/\(first)/decline", token: ada.token)
            let resumed = try await Self.stream(port: port, token: ada.token, lastEventID: ids.last, events: 1) {}
            let resumedKinds = resumed.split(separator: "\n").filter { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }
            #expect(resumedKinds == ["badge"])
        }
    }

    /// Ends curl with SIGKILL. Not terminate(): HummingbirdTesting's live server runs in a ServiceGroup that
    /// sets SIGTERM and SIGINT to be ignored in this process (it handles them itself), a child inherits
    /// ignored signals, and curl went on until its --max-time (each stream test took 20 s, not 1).
    static func stop(_ process: Process) {
        _ = kill(process.processIdentifier, SIGKILL)
    }
}
