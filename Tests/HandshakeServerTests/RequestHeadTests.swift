import Foundation
import HandshakeCore
import HandshakeServer
import Testing

/// Requests the server could read two ways are refused before any route (RFC 9112 §3.2, §6.1), and a
/// connection's requests are carried out only as they are answered: on a bare socket (Scripts/raw_http.py),
/// since Hummingbird's client and curl would never send them.
@Suite struct RequestHeadTests {
    /// One connection: `request`'s bytes, then what came back and whether the server closed it.
    static func exchange(port: Int, _ request: String, answers: Int? = nil) async throws -> (answer: String, closed: Bool) {
        try await ConnectionLimitTests.exchange(port: port, request, timeout: 10, answers: answers)
    }

    /// The status codes of the answers in `answer`, in order.
    static func statuses(_ answer: String) -> [Int] {
        answer.components(separatedBy: "HTTP/1.").dropFirst().compactMap { Int($0.dropFirst(2).prefix(3)) }
    }

    @Test func aHeadThatReadsTwoWaysIsRefusedAndTheConnectionClosed() async throws {
        let mailbox = try await TestMailbox(.sqlite)
        try await mailbox.testServing { _, port in
            let cases: [(String, Int, String)] = [
                ("GET /health HTTP/1.1\r\nHost: test\r\nHost: evil.example\r\n\r\n", 400, "more than one host"),
                ("GET /health HTTP/1.1\r\n\r\n", 400, "names no host"),
                ("GET /health HTTP/1.1\r\nHost: a b\r\n\r\n", 400, "is not a host name"),
                ("GET http://evil.example/health HTTP/1.1\r\nHost: test\r\n\r\n", 400, "not a proxy"),
                ("GET * HTTP/1.1\r\nHost: test\r\n\r\n", 400, "not a proxy"),
                ("POST /v1/auth/challenge HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 501, "only chunked"),
            ]
            for (request, status, words) in cases {
                let (answer, closed) = try await Self.exchange(port: port, request)
                #expect(Self.statuses(answer) == [status], "\(request.debugDescription): \(answer)")
                #expect(answer.contains(words) && answer.contains("\"code\":\"bad_request\""), "\(answer)")
                #expect(closed, "\(request.debugDescription)")
            }
            // HTTP/1.0 needs no Host; one Host with a port is one host.
            #expect(Self.statuses(try await Self.exchange(port: port, "GET /health HTTP/1.0\r\n\r\n").answer) == [200])
            #expect(Self.statuses(try await Self.exchange(port: port, "GET /health HTTP/1.1\r\nHost: [::1]:8080\r\nConnection: close\r\n\r\n").answer) == [200])
        }
    }

    /// The batch: a friend request, a `Connection: close` GET, another friend request, in one write.
    /// Both requests before the close are answered, in order; the one after it is not carried out.
    @Test func aPipelinedBatchIsAnsweredInOrderAndNothingAfterACloseIsCarriedOut() async throws {
        let mailbox = try await TestMailbox(.sqlite)
        try await mailbox.testServing { client, port in
            let ada = try await client.person("Ada"), bob = try await client.person("Bob"), carol = try await client.person("Carol")
            func request(from sender: Person) -> String {
                let body = "{\"to\":\"\(ada.nodeID)\",\"card\":\"\(Base64URL.encode(sender.card.bytes))\"}"
                return "POST /v1/friend-requests HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(sender.token)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            }
            let batch = request(from: bob) + "GET /health HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n" + request(from: carol)
            let (answer, closed) = try await Self.exchange(port: port, batch, answers: 2)
            #expect(Self.statuses(answer) == [201, 200], "\(answer)")
            #expect(closed)
            let received = try await client.call(.get, "/v1/friend-requests?direction=received", token: ada.token)
            let requests = try #require(try received.object()["requests"] as? [[String: Any]], "\(received.status)")
            #expect(requests.map { $0["sender"] as? String } == [bob.nodeID], "Carol's request came after the close: \(requests)")

            // A request that cannot be read, behind one being answered, waits for that answer.
            let (late, lateClosed) = try await Self.exchange(port: port, "GET /health HTTP/1.1\r\nHost: test\r\n\r\nNOT HTTP AT ALL\r\n\r\n", answers: 2)
            #expect(Self.statuses(late) == [200, 400], "\(late)")
            #expect(lateClosed)
        }
    }

    /// A body refused from its declared length (413) before it was sent: the connection closes, so a
    /// client that reuses it does not have its next request read as that body.
    @Test func anEarlyRefusalClosesTheConnection() async throws {
        let mailbox = try await TestMailbox(.sqlite)
        try await mailbox.testServing { client, port in
            let ada = try await client.person("Ada")
            let request = "PUT /v1/account/card HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(ada.token)\r\nContent-Length: 9000000\r\n\r\n"
                + "GET /health HTTP/1.1\r\nHost: test\r\n\r\n"
            let (answer, closed) = try await Self.exchange(port: port, request, answers: 1)
            #expect(Self.statuses(answer) == [413], "\(answer)")
            #expect(answer.lowercased().contains("connection: close"), "\(answer)")
            #expect(closed)
        }
    }
}
