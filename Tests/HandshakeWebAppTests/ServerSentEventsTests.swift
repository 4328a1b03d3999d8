import Foundation
import HandshakeTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HandshakeWebApp

/// The app's event streams to the browser notice that the browser left: the keep-alive comment's write
/// fails, the stream ends, and what it relayed (here a source that never yields, standing for a quiet
/// friend-request stream on the server) is cancelled, instead of being held until its next event.
@Suite struct ServerSentEventsTests {
    /// Set once the relayed source has been given up.
    final class Ended: Sendable {
        let (signal, fire) = AsyncStream.makeStream(of: Void.self)
    }

    @Test func aClosedPageEndsItsStreamAndCancelsWhatItRelayed() async throws {
        let ended = Ended()
        let (quiet, _) = AsyncStream.makeStream(of: Int.self)
        let router = Router()
        router.get("stream") { _, _ in
            let source = AsyncStream<Int> { continuation in
                continuation.onTermination = { _ in ended.fire.yield(); ended.fire.finish() }
                Task { for await value in quiet { continuation.yield(value) } }
            }
            return ServerSentEvents.response(retry: 1000, opening: "open", relaying: source, keepAlive: .milliseconds(50)) { "\($0)" }
        }
        try await Application(router: router).test(.live) { client in
            let port = try #require(client.port)
            // A browser that reads the opening message, then closes the page.
            let read = try await Tool.require("python3", "-c", """
                import socket
                s = socket.create_connection(("127.0.0.1", \(port)))
                s.sendall(b"GET /stream HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n\\r\\n")
                data = b""
                while b"data: open" not in data:
                    data += s.recv(4096)
                s.close()
                print(data.decode())
                """)
            #expect(read.contains("retry: 1000") && read.contains("data: open"))
            // Within a few keep-alive intervals the write fails and the relayed source is let go.
            let letGo = (try? await withTimeLimit(.seconds(10), "the source let go") { for await _ in ended.signal { return true }; return true }) ?? false
            #expect(letGo, "the stream kept its source after the page closed")
        }
    }
}
