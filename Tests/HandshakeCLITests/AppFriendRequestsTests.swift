import Foundation
import HandshakeTestSupport
import Testing

/// Friend requests in `handshake app` across a real `handshake serve` (SQLite), in Chromium with Playwright
/// (Browser/friend_requests.py): Ada connects her app to the server in Settings, makes a share link; Bob's
/// program sends her a request with it; it appears on her open page without a reload (the app follows the
/// server's event stream); she accepts, and both books hold each other, verified. Strangers under Bob's name
/// (exactly, and with a Cyrillic о) are each told apart on her page, and accepting one asks first (issue 45).
@Suite("handshake app: friend requests across a real server", .serialized, .timeLimit(.minutes(3)), .tags(.runsAlone))
struct AppFriendRequestsTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/friend_requests.py")
    static let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/artifacts/app", isDirectory: true)

    @Test("a request appears without a reload, and accepting it joins both books")
    func aRequestAppearsLiveAndAcceptingJoinsBothBooks() async throws {
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let server = try await ServeCommandTests.Server.running()
        defer { server.process.terminate() }
        let serverURL = "http://127.0.0.1:\(server.port)"
        let ada = try CLI(), bob = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        try #require(await bob.run("init", "--name", "Bob Babbage").status == 0)
        try #require(await bob.run("server", "register", "--server", serverURL).status == 0)
        let carol = try CLI()
        try #require(await carol.run("init", "--name", "Carol Herschel").status == 0)
        try #require(await carol.run("server", "register", "--server", serverURL).status == 0)
        let created = try JSONSerialization.jsonObject(with: try await carol.run("link", "create", "--json").stdoutBytes) as? [String: Any]
        let carolsLink = created?["url"] as? String ?? ""
        try #require(carolsLink.hasPrefix(serverURL + "/share/contact/"), "\(carolsLink)")

        // Strangers claiming Bob's name: exactly (Eve), and with a Cyrillic о (Mallory).
        let strangers = try await CLI.registered(["Bob Babbage", "Bоb Babbage"], at: serverURL)
        let evesNodeID = try await NamesakeRequestTests.nodeID(of: strangers[0])

        let (app, url) = try await ada.startApp()
        defer { app.terminate() }
        let driven = try await CLI.runTool(
            "python3",
            [Self.script.path, url, Self.artifacts.path, serverURL, try CLI.binary.path, bob.home.path, carolsLink, strangers[0].home.path, strangers[1].home.path])
        try #require(driven.status == 0, "the browser script failed: \(driven.stderr)")
        let seen = try #require(try JSONSerialization.jsonObject(with: driven.stdoutBytes) as? [String: Any])

        #expect((seen["noServerText"] as? String)?.contains("Connect to one in Settings") == true, "\(seen["noServerText"] ?? "")")
        #expect((seen["unreachableAlert"] as? String)?.hasPrefix("Could not reach 127.0.0.1") == true, "\(seen["unreachableAlert"] ?? "")")
        #expect((seen["unreachableAlert"] as? String)?.hasSuffix("Nothing was changed.") == true)
        #expect((seen["connected"] as? String)?.hasPrefix("Connected: your card is published on the server.") == true)
        #expect((seen["link"] as? String)?.hasPrefix(serverURL + "/share/contact/") == true, "\(seen["link"] ?? "")")
        #expect(seen["linkQR"] as? Int == 1)
        #expect(seen["bobSent"] as? Int == 0, "\(seen["bobSaid"] ?? "")")
        #expect(seen["navigationsBeforeItAppeared"] as? Int == 0, "the request should appear without a reload")
        #expect((seen["liveText"] as? String)?.contains("Bob Babbage") == true && (seen["liveText"] as? String)?.contains("Waiting for your answer") == true,
                "\(seen["liveText"] ?? "")")
        #expect(seen["badge"] as? String == "1 waiting")
        #expect((seen["acceptedNotice"] as? String)?.hasPrefix("Accepted: they are in your contacts") == true, "\(seen["acceptedNotice"] ?? "")")
        #expect((seen["receivedAfter"] as? String)?.contains("Accepted: you each have the other's card") == true)
        // Met only through a request: Known until Ada says otherwise (TrustLevel.suggested).
        #expect(seen["contactsText"] as? String == "Bob Babbage\nKnown · verified", "\(seen["contactsText"] ?? "")")
        #expect(seen["dialogs"] as? [String] == [])
        #expect(seen["linkHeading"] as? String == "Carol Herschel")
        #expect(seen["linkVia"] as? String == "From a share link on \(serverURL). Looking does not use the link up.", "\(seen["linkVia"] ?? "")")
        #expect((seen["linkAddedNotice"] as? String)?.hasPrefix("Added Carol Herschel to your contacts.") == true)
        // Looking did not use the link up: it still resolves.
        #expect(try await carol.run("link", "resolve", carolsLink).status == 0)

        // A name is a claim: each stranger is told apart from Bob on the page, and accepting Eve's asks first.
        #expect(seen["namesakeSent"] as? Int == 0 && seen["lookalikeSent"] as? Int == 0)
        let namesake = seen["namesakeItem"] as? String ?? "", lookalike = seen["lookalikeItem"] as? String ?? ""
        #expect(namesake.contains("Not your contact Bob Babbage: a different key, never seen before.") && namesake.contains(evesNodeID), "\(namesake)")
        #expect(lookalike.contains("Not your contact Bob Babbage") && lookalike.contains("Their name only looks like it."), "\(lookalike)")
        #expect((seen["namesakeQuestion"] as? String)?.contains("Not your contact Bob Babbage") == true, "\(seen["namesakeQuestion"] ?? "")")
        #expect((seen["acceptedAnywayNotice"] as? String)?.hasPrefix("Accepted") == true, "\(seen["acceptedAnywayNotice"] ?? "")")
        let after = seen["contactsAfterNamesake"] as? String ?? ""
        #expect(after.components(separatedBy: "Bob Babbage").count - 1 == 2 && !after.contains("Trusted"), "two Bob Babbages, neither trusted: \(after)")

        // Bob's side, with the program: his sent request was accepted, and Ada's card joins his book.
        let bobs = try await bob.run("requests", "--sent")
        #expect(bobs.stdout.contains("accepted") && bobs.stdout.contains("Added Ada Lovelace to your contacts."), "\(bobs.stdout)\(bobs.stderr)")
        let bobsContacts = try await bob.run("contacts")
        #expect(bobsContacts.stdout.contains("Ada Lovelace"), "\(bobsContacts.stdout)")
        let adasContacts = try await ada.run("contacts")
        #expect(adasContacts.stdout.contains("Bob Babbage"), "\(adasContacts.stdout)")
        for name in ["friend-requests", "settings-server", "add-share-link", "friend-requests-namesakes"] {
            for size in ["phone", "desktop"] {
                #expect(FileManager.default.fileExists(atPath: Self.artifacts.appendingPathComponent("\(name)-\(size).png").path))
            }
        }
    }
}
