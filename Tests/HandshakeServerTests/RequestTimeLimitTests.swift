import Foundation
import HandshakeServer
import Hummingbird
import HummingbirdTesting
import Testing

/// A request whose body does not arrive within the server's time limit is answered `408
/// request_timeout` (the JSON error shape) and its connection closed; other requests go on.
@Suite struct RequestTimeLimitTests {
    /// Sends a request head announcing a 100-byte body, then 6 bytes of it, then nothing; returns all the
    /// server sent until it closed the connection (or until `seconds`, as a safety net). With
    /// `afterAnsweredRequest`, a whole request goes first on the same connection and its answer is read.
    static func stalledUpload(port: Int, afterAnsweredRequest: Bool = false, seconds: Int = 60) async throws -> String {
        let script = """
            import socket, sys
            s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
            s.settimeout(float(sys.argv[2]))
            first = b""
            if sys.argv[3] == "1":
                s.sendall(b"POST /v1/auth/challenge HTTP/1.1\\r\\nHost: test\\r\\nContent-Type: application/json\\r\\nContent-Length: 2\\r\\n\\r\\n{}")
                while b"}" not in first:
                    first += s.recv(4096)
            s.sendall(b"POST /v1/auth/token HTTP/1.1\\r\\nHost: test\\r\\nContent-Type: application/json\\r\\nContent-Length: 100\\r\\n\\r\\n{\\"cha")
            data = first
            try:
                while True:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    data += chunk
            except socket.timeout:
                data += b"\\n(the connection was still open)"
            sys.stdout.write(data.decode("utf-8", "replace"))
            """
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-stall-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, String(port), String(seconds), afterAnsweredRequest ? "1" : "0"]
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        // Waits without blocking a thread: the server answers on this process's threads.
        while process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        return try String(contentsOf: output, encoding: .utf8)
    }

    @Test func aStalledBodyGets408WithASentenceAndTheConnectionCloses() async throws {
        var server = MailboxServer(storage: try SQLiteStorage.inMemory(), publicURL: "http://127.0.0.1")
        server.requestTimeLimit = .seconds(1)
        let metrics = server.metrics
        try await server.makeApplication(host: "127.0.0.1", port: 0).test(.live) { client in
            let port = try #require(client.port)
            let answer = try await Self.stalledUpload(port: port)
            #expect(answer.hasPrefix("HTTP/1.1 408"), "the server sent: \(answer)")
            #expect(!answer.contains("(the connection was still open)"))
            let body = try #require(answer.range(of: "\r\n\r\n").map { answer[$0.upperBound...] })
            let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            #expect(json["code"] as? String == "request_timeout")
            #expect(json["message"] as? String == "The request did not arrive within 1 second. Check the connection and send it again.")
            #expect(metrics.text().contains("handshake_http_request_timeouts_total 1"))

            // The server goes on answering, and a request whose body arrives whole is not touched.
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
            // On a kept-alive connection, after a request that was answered, the stalled one still gets its 408.
            let second = try await Self.stalledUpload(port: port, afterAnsweredRequest: true)
            #expect(second.hasPrefix("HTTP/1.1 400"), "the server sent: \(second)")
            #expect(second.contains("HTTP/1.1 408"), "the server sent: \(second)")
            #expect(second.contains("request_timeout"))
            #expect(!second.contains("(the connection was still open)"))
            let refused = try await client.execute(
                uri: "/v1/auth/challenge", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}"))
            #expect(refused.status == .badRequest)
        }
    }
}
