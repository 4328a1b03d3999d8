import Foundation
import HandshakeMailbox
import HandshakeStore
import HandshakeTestSupport
import Testing

@testable import HandshakeWebApp

/// How the app is served: on a loopback address of the home's own, answering only under that address (so
/// its cookie, set for that address alone, reaches no other local server), and closing a connection that
/// does not send a request head within the header timeout.
@Suite struct AppServingTests {
    /// The app, running on `address` until the test ends; its launch URL.
    final class Running: Sendable {
        let task: Task<Void, any Error>
        let url: URL
        /// This launch's secrets, for a test that plays a browser with a session (ErrorPageTests).
        let secrets: LaunchSecrets

        /// The app for `account` (a new one of Ada's unless given), remembering its server in `mailbox`.
        init(address: String, headerTimeout: Duration, account: HandshakeAccount? = nil, mailbox: MailboxRegistration? = nil) async throws {
            let account = try account ?? HandshakeAccount.create(name: "Ada", storage: .directory(ScreenTextTests.container()))
            let (ready, announce) = AsyncStream.makeStream(of: URL.self)
            let secrets = LaunchSecrets()
            self.secrets = secrets
            task = Task {
                try await LocalWebApp(account: account, mailbox: mailbox, address: address, headerTimeout: headerTimeout, secrets: secrets).run { url in
                    announce.yield(url)
                }
            }
            guard let url = await ready.first(where: { _ in true }) else { throw Tool.Failure("the app did not start") }
            self.url = url
        }

        deinit { task.cancel() }
    }

    /// Python's socket module as a browser's connection: connects, sends `sending`, and reports how the
    /// connection ended ("closed" by the app), the first line of what came back, or "still open".
    static func connect(_ url: URL, sending: String, readFor seconds: Int = 20) async throws -> String {
        let payload = sending.utf8.map { String(format: "%02x", $0) }.joined()
        return try await Tool.require("python3", "-c", """
            import socket, sys
            s = socket.create_connection((sys.argv[1], int(sys.argv[2])))
            s.sendall(bytes.fromhex(sys.argv[3]))
            s.settimeout(int(sys.argv[4]))
            try:
                data = s.recv(4096)
                print("closed" if data == b"" else data.decode(errors="replace").split("\\r\\n")[0])
            except socket.timeout:
                print("still open")
            """, url.host ?? "", String(url.port ?? 0), payload, String(seconds)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func anIdleOrDrippingConnectionIsClosedAfterTheHeaderTimeout() async throws {
        let app = try await Running(address: AppAddress.random(), headerTimeout: .milliseconds(300))
        #expect(try await Self.connect(app.url, sending: "") == "closed", "a connection that says nothing")
        #expect(try await Self.connect(app.url, sending: "GET /contacts HTTP/1.1\r\nHost: x") == "closed", "a head that never ends")
        let host = "\(app.url.host ?? ""):\(app.url.port ?? 0)"
        #expect(try await Self.connect(app.url, sending: "GET /contacts HTTP/1.1\r\nHost: \(host)\r\n\r\n") == "HTTP/1.1 401 Unauthorized")
    }

    @Test func theAppAnswersOnlyAtItsOwnAddress() async throws {
        let address = AppAddress.random()
        let app = try await Running(address: address, headerTimeout: .seconds(10))
        #expect(app.url.host == address && app.url.absoluteString.contains("/contacts?secret="))
        let port = app.url.port ?? 0
        // 127.0.0.1 reaches the same socket on Linux only if the app listened there: it does not.
        #expect(try await Self.connect(app.url, sending: "GET /contacts HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n") == "HTTP/1.1 421 Misdirected Request")
        #expect(try await Self.connect(app.url, sending: "GET /contacts HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n") == "HTTP/1.1 421 Misdirected Request")
    }

    /// A request the app could read two ways is refused before any rule or route sees it (before the guard
    /// the absolute form was routed by its path, and a second Host was ignored): 400, with the app's page.
    @Test func aRequestThatReadsTwoWaysIsRefusedBeforeAnyRoute() async throws {
        let app = try await Running(address: AppAddress.random(), headerTimeout: .seconds(10))
        let host = "\(app.url.host ?? ""):\(app.url.port ?? 0)"
        let session = "Cookie: handshake_session=\(app.secrets.session)\r\nOrigin: http://\(host)\r\n"
        for request in [
            "GET /contacts HTTP/1.1\r\nHost: \(host)\r\nHost: evil.example\r\n\r\n",
            "POST http://evil.example/contacts/1 HTTP/1.1\r\nHost: \(host)\r\n\(session)Content-Length: 0\r\n\r\n",
            "GET /contacts HTTP/1.1\r\n\r\n",
        ] {
            #expect(try await Self.connect(app.url, sending: request) == "HTTP/1.1 400 Bad Request", "\(request.debugDescription)")
        }
    }

    @Test func theAddressIsChosenOncePerHome() throws {
        let home = ScreenTextTests.container()
        let first = AppAddress.remembered(in: home)
        #expect(first.hasPrefix("127.") && first != "127.0.0.1")
        #expect(AppAddress.remembered(in: home) == first)
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<1000 { #expect(AppAddress.loopback(AppAddress.random(using: &generator)) != nil) }
    }
}
