import Foundation
import HandshakeCore
import Testing

/// The remote flow between two homes, through the program, against a real `handshake serve`: link,
/// resolve, request by link, accept; both books end with the other's verified card; a used link says so.
@Suite(.serialized) struct RemoteFlowTests {
    @Test func twoHomesBecomeContactsThroughAShareLink() async throws {
        let serverHome = try CLI()
        let port = Int.random(in: 45_001...60_000)
        let server = try ServeCommandTests.Server.start(serverHome, port: port)
        defer { if server.process.isRunning { server.process.terminate() } }
        try await server.waitUntilHealthy()
        let url = "http://127.0.0.1:\(port)"

        let ada = try CLI()
        let bob = try CLI()
        let carol = try CLI()
        for (home, name) in [(ada, "Ada"), (bob, "Bob"), (carol, "Carol")] {
            #expect(try home.run("init", "--name", name).status == 0)
            let registered = try home.run("server", "register", "--server", url)
            #expect(registered.status == 0, "\(registered.stderr)")
            #expect(registered.stdout.contains("Published your card"))
        }

        let created = try ada.run("link", "create", "--json")
        #expect(created.status == 0, "\(created.stderr)")
        let link = try #require(try JSONSerialization.jsonObject(with: created.stdoutBytes) as? [String: Any])
        let token = try #require(link["token"] as? String)
        #expect(link["url"] as? String == "https://mailbox.example/share/contact/\(token)")

        let resolved = try bob.run("link", "resolve", "handshake://contact/\(token)")
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(resolved.stdout.contains("Ada"))

        let sent = try bob.run("request", "send", "https://mailbox.example/share/contact/\(token)", "--note", "Good to meet you")
        #expect(sent.status == 0, "\(sent.stderr)")
        let used = try carol.run("request", "send", token)
        #expect(used.status == 1)
        #expect(used.stderr.contains("This link was already used. Ask Ada for a new one."))

        let received = try ada.run("requests", "--json")
        let requests = try #require(try JSONSerialization.jsonObject(with: received.stdoutBytes) as? [[String: Any]])
        #expect(requests.count == 1)
        #expect(requests.first?["note"] as? String == "Good to meet you")
        let id = try #require(requests.first?["id"] as? String)

        let accepted = try ada.run("request", "accept", id)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("Added Bob to your contacts."))
        let bobSees = try bob.run("requests", "--sent")
        #expect(bobSees.stdout.contains("accepted"))
        #expect(bobSees.stdout.contains("Added Ada to your contacts."))

        #expect(try ada.run("contacts").stdout.contains("Bob"))
        #expect(try bob.run("contacts").stdout.contains("Ada"))
        #expect(try await server.stop() == 0)
    }

    @Test func addTakesAShareLinkInBothFormsWithoutUsingItUp() async throws {
        let serverHome = try CLI()
        let port = Int.random(in: 45_001...60_000)
        let url = "http://127.0.0.1:\(port)"
        let server = try ServeCommandTests.Server.start(serverHome, port: port, publicURL: url)
        defer { if server.process.isRunning { server.process.terminate() } }
        try await server.waitUntilHealthy()

        let ada = try CLI()
        let bob = try CLI()
        #expect(try ada.run("init", "--name", "Ada").status == 0)
        #expect(try ada.run("server", "register", "--server", url).status == 0)
        let created = try ada.run("link", "create", "--json")
        let link = try #require(try JSONSerialization.jsonObject(with: created.stdoutBytes) as? [String: Any])
        let web = try #require(link["url"] as? String)
        let app = try #require(link["appUrl"] as? String)
        #expect(web == "\(url)/share/contact/\(link["token"] as? String ?? "")")

        // The app form needs a server to ask: Bob has none registered yet.
        let unregistered = try bob.run("add", app, "--yes")
        #expect(unregistered.status == 1)
        #expect(unregistered.stderr.contains("This share link names no server"))

        // The https form names its server; the card is verified and added with source "link".
        let added = try bob.run("add", web, "--yes")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("The card behind this share link"))
        let shown = try #require(try JSONSerialization.jsonObject(with: bob.run("contact", "show", "Ada", "--json").stdoutBytes) as? [String: Any])
        #expect(shown["source"] as? String == "link")
        #expect(shown["verificationStatus"] as? String == "verified")

        // Adding did not use the link up: a friend request with it still goes through, once.
        #expect(try bob.run("init", "--name", "Bob").status == 0)
        #expect(try bob.run("server", "register", "--server", url).status == 0)
        #expect(try bob.run("request", "send", app).status == 0)
        let used = try bob.run("add", app, "--yes")
        #expect(used.status == 1)
        #expect(used.stderr.contains("This link was already used. Ask Ada for a new one."))
        #expect(try await server.stop() == 0)
    }
}
