import Foundation
import HandshakeCore
import HandshakeStore
import HandshakeTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HandshakeWebApp

/// A contact's page redraws who they are when a newer card of theirs is kept while it is open (by the app's
/// refresh, or their server's word): its live part names the contact's stream and fragment, the stream says
/// "changed" at each change of the contact, and the fragment is the card as the book holds it now.
@Suite struct ContactLiveTests {
    static func card(title: String, later: UInt64) throws -> SignedCard {
        var card = Fixture.businessCard(Fixture.identity, updatedAt: Fixture.updatedAt + later)
        card.title = title
        return try Fixture.issue(card, by: Fixture.identity)
    }

    /// A client of the event stream at `path` (Python's socket): it prints "first" when the first "changed"
    /// came, then "messages 2" after the second.
    static func listen(to path: String, port: Int) throws -> (Process, PipeLines) {
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        browser.arguments = ["python3", "-c", """
            import socket, sys
            s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
            s.settimeout(20)
            s.sendall(("GET " + sys.argv[2] + " HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n\\r\\n").encode())
            data, told = b"", False
            while data.count(b"data: changed") < 2:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
                if not told and b"data: changed" in data:
                    print("first", flush=True)
                    told = True
            print("messages", data.count(b"data: changed"), flush=True)
            """, String(port), path]
        let output = Pipe()
        browser.standardOutput = output
        try browser.run()
        return (browser, PipeLines(output.fileHandleForReading))
    }

    @Test func aNewerCardKeptWhileThePageIsOpenRedrawsItsCard() async throws {
        let account = try HandshakeAccount.create(name: "Bob", storage: .directory(ScreenTextTests.container()))
        let ada = try account.book.add(try Self.card(title: "Analyst", later: 0), source: .qr, now: Date())
        let router = Router(context: BasicRequestContext.self)
        LocalWebApp(account: account).addPages(to: router, faceToFace: await FaceToFace(account: account))
        try await Application(router: router).test(.live) { client in
            let page = try await client.execute(uri: AppPath.contact(ada.id).href, method: .get) { String(buffer: $0.body) }
            #expect(page.contains("data-stream=\"\(AppPath.contactStream(ada.id).href)\""), "\(page)")
            #expect(page.contains("data-fragment=\"\(AppPath.contactLive(ada.id).href)\""), "\(page)")

            // A browser on the stream: it says when the first message came, then waits for the next.
            let (browser, lines) = try Self.listen(to: AppPath.contactStream(ada.id).href, port: try #require(client.port))
            defer { if browser.isRunning { browser.terminate() } }
            #expect(try await lines.next() == "first")

            let newer = try Self.card(title: "Director", later: 60_000)
            _ = try account.book.receive(newer, source: .qr, answer: .addSeparately(trust: ada.trustLevel))
            #expect(try await lines.next() == "messages 2")

            let fragment = try await client.execute(uri: AppPath.contactLive(ada.id).href, method: .get) { String(buffer: $0.body) }
            #expect(fragment.contains("Director") && !fragment.contains("Analyst") && fragment.contains("Updated today: title."), "\(fragment)")
            #expect(!fragment.contains("<html"), "the fragment is the card alone: \(fragment)")
        }
    }

    @Test func theListRedrawsWhenTheBookChanges() async throws {
        let account = try HandshakeAccount.create(name: "Bob", storage: .directory(ScreenTextTests.container()))
        _ = try account.book.add(try Self.card(title: "Analyst", later: 0), source: .qr, now: Date())
        let router = Router(context: BasicRequestContext.self)
        LocalWebApp(account: account).addPages(to: router, faceToFace: await FaceToFace(account: account))
        try await Application(router: router).test(.live) { client in
            let page = try await client.execute(uri: AppPath.contacts.href, method: .get) { String(buffer: $0.body) }
            #expect(page.contains("data-stream=\"\(AppPath.contactsStream.href)\""), "\(page)")
            #expect(page.contains("data-results=\"\(AppPath.contactResults.href)\""), "the redraw asks the results with the search as it is")

            let (browser, lines) = try Self.listen(to: AppPath.contactsStream.href, port: try #require(client.port))
            defer { if browser.isRunning { browser.terminate() } }
            #expect(try await lines.next() == "first")
            // Someone new is added by another part of the app (a meeting, a friend request): the list hears of it.
            let carol = Fixture.madeCard(by: Identity.generate()) { $0.name = "Carol Herschel" }
            _ = try account.book.add(carol, source: .nearby, now: Date())
            #expect(try await lines.next() == "messages 2")
            let results = try await client.execute(uri: AppPath.contactResults.href, method: .get) { String(buffer: $0.body) }
            #expect(results.contains("Carol Herschel"), "\(results)")
        }
    }
}
