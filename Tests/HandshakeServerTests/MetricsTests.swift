import Foundation
import HandshakeCore
import HandshakeServer
import Testing

/// `GET /metrics`: the Prometheus text a scraper reads, and counters that move with what the server does.
@Suite struct MetricsTests {
    /// The value of the sample of `name` whose labels include every pair of `labels`, or `nil` if none.
    static func sample(_ name: String, _ labels: [String: String] = [:], in text: String) -> Double? {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let series = line.prefix { $0 != " " }
            let bare = series.prefix { $0 != "{" }
            guard bare == name, labels.allSatisfy({ series.contains("\($0.key)=\"\($0.value)\"") }) else { continue }
            return line.split(separator: " ").last.flatMap { Double($0) }
        }
        return nil
    }

    static func scrape(_ client: TestMailbox.Client) async throws -> String {
        let response = try await client.call(.get, "/metrics")
        #expect(response.status == .ok)
        #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
        return String(buffer: response.body)
    }

    @Test func theCountersStartAtZeroAndMoveWithTheFlow() async throws {
        let mailbox = try await TestMailbox(.sqlite)
        try await mailbox.test { client in
            let before = try await Self.scrape(client)
            for name in ["handshake_share_links_created_total", "handshake_share_links_resolved_total", "handshake_share_links_burned_total"] {
                #expect(Self.sample(name, in: before) == 0, "\(name) in:\n\(before)")
            }
            #expect(Self.sample("handshake_friend_requests_total", ["event": "sent"], in: before) == 0)
            #expect(Self.sample("handshake_event_streams_open", in: before) == 0)

            let ada = try await client.person("Ada")
            let bob = try await client.person("Bob")
            let token = try await client.shareToken(for: ada)
            #expect(try await client.call(.get, "/v1/share-links/\(token)").status == .ok)
            #expect(try await client.call(.get, "/v1/share-links/\(token)").status == .ok)
            let sent = try await client.sendRequest(from: bob, token: token)
            #expect(sent.status == .created)
            #expect(try await client.sendRequest(from: bob, token: token).status == .gone)  // used: no second burn
            let id = try #require(try sent.object()["id"] as? String)
            let accepted = try await client.call(
                .post, "/v1/friend-requests/\(id)/accept", token: ada.token, json: ["card": Base64URL.encode(ada.card.bytes)])
            #expect(accepted.status == .ok)
            #expect(try await client.call(.get, "/v1/nothing-here").status == .notFound)

            let after = try await Self.scrape(client)
            #expect(Self.sample("handshake_share_links_created_total", in: after) == 1)
            #expect(Self.sample("handshake_share_links_resolved_total", in: after) == 2)
            #expect(Self.sample("handshake_share_links_burned_total", in: after) == 1)
            #expect(Self.sample("handshake_friend_requests_total", ["event": "sent"], in: after) == 1)
            #expect(Self.sample("handshake_friend_requests_total", ["event": "accepted"], in: after) == 1)
            #expect(Self.sample("handshake_friend_requests_total", ["event": "declined"], in: after) == 0)

            // Requests by route template (never the token in the path) and status, refusals included.
            let resolve = ["method": "GET", "route": "/v1/share-links/{token}", "status": "200"]
            #expect(Self.sample("handshake_http_requests_total", resolve, in: after) == 2, "\(after)")
            let used = ["method": "POST", "route": "/v1/friend-requests", "status": "410"]
            #expect(Self.sample("handshake_http_requests_total", used, in: after) == 1)
            #expect(Self.sample("handshake_http_requests_total", ["route": "unmatched", "status": "404"], in: after) == 1, "\(after)")
            #expect(!after.contains(token))
            // The duration histogram: one observation per resolve, in buckets and a count.
            let timed = ["method": "GET", "route": "/v1/share-links/{token}"]
            #expect(Self.sample("handshake_http_request_duration_seconds_count", timed, in: after) == 2)
            #expect(Self.sample("handshake_http_request_duration_seconds_bucket", timed.merging(["le": "+Inf"]) { $1 }, in: after) == 2)
        }
    }

    /// The gauge is 1 while `curl` holds a stream open, and back at 0 once the server's graceful shutdown
    /// has ended the stream.
    @Test func anOpenEventStreamIsCountedUntilItEnds() async throws {
        let mailbox = try await TestMailbox(.sqlite)
        try await mailbox.test(.live) { client in
            let ada = try await client.person("Ada")
            let port = try #require(client.client.port)
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            curl.arguments = ["curl", "-sN", "--max-time", "60", "-H", "Authorization: Bearer \(ada.token)", "http://127.0.0.1:\(port)/v1/events/stream"]
            curl.standardOutput = FileHandle.nullDevice
            try curl.run()
            defer { if curl.isRunning { EventTests.stop(curl) } }
            var open = Self.sample("handshake_event_streams_open", in: mailbox.server.metrics.text())
            for _ in 0..<400 where open != 1 {
                try await Task.sleep(for: .milliseconds(50))
                open = Self.sample("handshake_event_streams_open", in: mailbox.server.metrics.text())
            }
            #expect(open == 1)
        }
        #expect(Self.sample("handshake_event_streams_open", in: mailbox.server.metrics.text()) == 0)
    }
}
