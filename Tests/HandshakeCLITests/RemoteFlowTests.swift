import Foundation
import HandshakeTestSupport
import HandshakeCore
import Testing

/// The remote flow between two homes, through the program, against a real `handshake serve`: link,
/// resolve, request by link, accept; both books end with the other's verified card; a used link says so.
@Suite(.serialized) struct RemoteFlowTests {
    @Test func twoHomesBecomeContactsThroughAShareLink() async throws {
        let serverHome = try CLI()
        let port = CLI.serverPort()
        let server = try ServeCommandTests.Server.start(serverHome, port: port)
        defer { if server.process.isRunning { server.process.terminate() } }
        try await server.waitUntilHealthy()
        let url = "http://127.0.0.1:\(port)"

        let ada = try CLI()
        let bob = try CLI()
        let carol = try CLI()
        for (home, name) in [(ada, "Ada"), (bob, "Bob"), (carol, "Carol")] {
            #expect(try await home.run("init", "--name", name).status == 0)
            let registered = try await home.run("server", "register", "--server", url)
            #expect(registered.status == 0, "\(registered.stderr)")
            #expect(registered.stdout.contains("Published your card"))
        }

        let created = try await ada.run("link", "create", "--json")
        #expect(created.status == 0, "\(created.stderr)")
        let link = try #require(try JSONSerialization.jsonObject(with: created.stdoutBytes) as? [String: Any])
        let token = try #require(link["token"] as? String)
        let adaID = try #require(try JSONSerialization.jsonObject(with: await ada.run("card", "show", "--json").stdoutBytes) as? [String: Any])["nodeId"] as? String
        #expect(link["url"] as? String == "https://mailbox.example/share/contact/\(token)/\(adaID ?? "")")

        let resolved = try await bob.run("link", "resolve", "handshake://contact/\(token)")
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(resolved.stdout.contains("Ada"))

        let sent = try await bob.run("request", "send", "https://mailbox.example/share/contact/\(token)", "--note", "Good to meet you")
        #expect(sent.status == 0, "\(sent.stderr)")
        let used = try await carol.run("request", "send", token)
        #expect(used.status == 1)
        #expect(used.stderr.contains("This link was already used. Ask Ada for a new one."))

        let received = try await ada.run("requests", "--json")
        let requests = try #require(try JSONSerialization.jsonObject(with: received.stdoutBytes) as? [[String: Any]])
        #expect(requests.count == 1)
        #expect(requests.first?["note"] as? String == "Good to meet you")
        #expect(requests.first?["senderVerified"] as? Bool == true, "the sender's card verified: \(requests)")
        #expect((requests.first?["senderFields"] as? [String: Any])?["name"] as? String == requests.first?["name"] as? String,
                "the verified fields, and the name as the list shows it: \(requests)")
        #expect((requests.first?["name"] as? String)?.hasPrefix("Bob") == true)
        let id = try #require(requests.first?["id"] as? String)

        let accepted = try await ada.run("request", "accept", id)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("Accepted: they are in your contacts, and they get your card."))
        let bobSees = try await bob.run("requests", "--sent")
        #expect(bobSees.stdout.contains("accepted"))
        #expect(bobSees.stdout.contains("Added Ada to your contacts."))

        #expect(try await ada.run("contacts").stdout.contains("Bob"))
        #expect(try await bob.run("contacts").stdout.contains("Ada"))
        #expect(try await server.stop() == 0)
    }

    @Test func addTakesAShareLinkInBothFormsWithoutUsingItUp() async throws {
        let server = try await ServeCommandTests.Server.running()
        defer { if server.process.isRunning { server.process.terminate() } }
        let url = server.url

        let ada = try CLI()
        let bob = try CLI()
        #expect(try await ada.run("init", "--name", "Ada").status == 0)
        #expect(try await ada.run("server", "register", "--server", url).status == 0)
        let created = try await ada.run("link", "create", "--json")
        let link = try #require(try JSONSerialization.jsonObject(with: created.stdoutBytes) as? [String: Any])
        let web = try #require(link["url"] as? String)
        let app = try #require(link["appUrl"] as? String)
        #expect(web.hasPrefix("\(url)/share/contact/\(link["token"] as? String ?? "")/"), "the link names Ada's Node ID after the token")

        // The app form needs a server to ask: Bob has none registered yet.
        let unregistered = try await bob.run("add", app, "--yes")
        #expect(unregistered.status == 1)
        #expect(unregistered.stderr.contains("This share link names no server"))

        // The https form names its server; the card is verified and added with source "link".
        let added = try await bob.run("add", web, "--yes")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("The card behind this share link"))
        let shown = try #require(try JSONSerialization.jsonObject(with: await bob.run("contact", "show", "Ada", "--json").stdoutBytes) as? [String: Any])
        #expect(shown["source"] as? String == "link")
        #expect(shown["verificationStatus"] as? String == "verified")

        // Adding did not use the link up: a friend request with it still goes through, once.
        #expect(try await bob.run("init", "--name", "Bob").status == 0)
        #expect(try await bob.run("server", "register", "--server", url).status == 0)
        #expect(try await bob.run("request", "send", app).status == 0)
        let used = try await bob.run("add", app, "--yes")
        #expect(used.status == 1)
        #expect(used.stderr.contains("This link was already used. Ask Ada for a new one."))
        #expect(try await server.stop() == 0)
    }

    @Test func eventsFollowsTheStreamAsRequestsArrive() async throws {
        let server = try await ServeCommandTests.Server.running()
        defer { if server.process.isRunning { server.process.terminate() } }
        let url = server.url
        let ada = try CLI()
        let bob = try CLI()
        for (home, name) in [(ada, "Ada"), (bob, "Bob")] {
            #expect(try await home.run("init", "--name", name).status == 0)
            #expect(try await home.run("server", "register", "--server", url).status == 0)
        }
        let adaID = try #require(try JSONSerialization.jsonObject(with: await ada.run("card", "show", "--json").stdoutBytes) as? [String: Any])["nodeId"] as? String

        // Ada follows her stream (new events only) before Bob's request exists; it arrives while she waits.
        let follower = Process()
        follower.executableURL = try CLI.binary
        follower.arguments = ["events", "--count", "2", "--idle", "30"]
        follower.environment = ProcessInfo.processInfo.environment.merging(["HANDSHAKE_HOME": ada.home.path]) { $1 }
        let output = Pipe()
        follower.standardOutput = output
        follower.standardError = FileHandle.nullDevice
        try follower.run()
        defer { if follower.isRunning { follower.terminate() } }
        // The first line says it is following: the stream is open before the request is sent.
        let streamed = PipeLines(output.fileHandleForReading)
        let following = try #require(try await streamed.next(), "events ended before following")
        #expect(try await bob.run("request", "send", try #require(adaID), "--note", "Hello").status == 0)
        let text = following + "\n" + (try await streamed.rest())
        try await onOwnThread { [follower] in follower.waitUntilExit() }
        #expect(follower.terminationStatus == 0, "\(text)")
        #expect(text.contains("Bob sent you a friend request. Accept: handshake request accept "), "\(text)")
        #expect(text.contains("Requests waiting for you: 1."), "\(text)")

        // Read again from the start as JSON: the same two events, with their ids.
        let replay = try await ada.run("events", "--json", "--after", "0", "--count", "2", "--idle", "10")
        let lines = replay.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.map { $0["type"] as? String } == ["friendRequestReceived", "badge"])
        #expect(lines.first?["peer"] is String)
        // Nothing more arrives: --idle ends the wait with a sentence.
        let quiet = try await ada.run("events", "--idle", "1")
        #expect(quiet.status == 1)
        #expect(quiet.stderr.contains("No event arrived within 1 second."))
        #expect(try await server.stop() == 0)
    }
}
