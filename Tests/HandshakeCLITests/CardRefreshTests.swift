import Foundation
import HandshakeCore
import HandshakeTestSupport
import Testing

/// Cards that stay current, through the program against a real `handshake serve`: Ada's card names the server
/// she registered with; Bob, who added it, refreshes it there. Nothing new costs a 304; Ada's new title
/// reaches Bob with his alias kept and the old card in the history; a card that names no server any more is
/// said so; a server that is gone is said once and leaves the card as it was.
@Suite(.serialized) struct CardRefreshTests {
    @Test func aContactsNewerCardIsFetchedFromTheServerTheirCardNames() async throws {
        let server = try await ServeCommandTests.Server.running()
        defer { if server.process.isRunning { server.process.terminate() } }
        let homes = try await CLI.registered(["Ada Lovelace", "Bob Babbage"], at: server.url)
        let (ada, bob) = (homes[0], homes[1])
        let shown = try await ada.run("card", "show")
        #expect(shown.stdout.contains("server    \(server.url)"), "card show says which server the card names: \(shown.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: await ada.run("card", "show", "--json").stdoutBytes) as? [String: Any])
        #expect(json["server"] as? String == server.url)

        let card = ada.file("ada.hs1")
        #expect(try await ada.run("card", "export", "--format", "qr-text", "-o", card.path).status == 0)
        #expect(try await bob.run("add", "--yes", card.path).status == 0)
        #expect(try await bob.run("contact", "set", "Ada Lovelace", "--alias", "Countess").status == 0)

        // Nothing new: the server answers 304, nothing changes.
        let first = try #require(try JSONSerialization.jsonObject(with: await bob.run("contacts", "refresh", "--json").stdoutBytes) as? [[String: Any]])
        #expect(first.count == 1 && first.first?["outcome"] as? String == "unchanged" && first.first?["server"] as? String == server.url, "\(first)")

        // Ada changes her title; `card set` publishes it to her server.
        let changed = try await ada.run("card", "set", "--title", "Analyst")
        #expect(changed.status == 0 && changed.stderr.contains("Published your card to"), "\(changed.stderr)")
        let refreshed = try await bob.run("contacts", "refresh")
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(refreshed.stdout.contains("Countess: a newer card, which changes title."), "\(refreshed.stdout)")
        let contact = try await bob.run("contact", "show", "Countess")
        #expect(contact.stdout.contains("Analyst") && contact.stdout.contains("earlier cards   1"), "\(contact.stdout)")
        #expect(contact.stdout.contains("updated         Updated today: title."), "\(contact.stdout)")
        let again = try #require(try JSONSerialization.jsonObject(with: await bob.run("contacts", "refresh", "Countess", "--json").stdoutBytes) as? [[String: Any]])
        #expect(again.first?["outcome"] as? String == "unchanged", "\(again)")

        // The web app refreshes on its own once it is open: Ada's next change reaches Bob's book with no command,
        // and his contact page says what changed.
        #expect(try await ada.run("card", "set", "--title", "Director").status == 0)
        let app = try await bob.startApp()
        defer { app.process.terminate() }
        var page = ""
        for _ in 0..<100 where !page.contains("Director") {
            try await Task.sleep(for: .milliseconds(100))
            page = try await bob.run("contact", "show", "Countess").stdout
        }
        app.process.terminate()
        #expect(page.contains("Director") && page.contains("Updated today: title."), "\(page)")

        // Ada turns it off: the card that names no server is the last one fetched from there.
        let off = try await ada.run("card", "server", "off")
        #expect(off.status == 0 && off.stdout.contains("Your card names no server"), "\(off.stdout)")
        let lastFetch = try await bob.run("contacts", "refresh", "--json")
        let last = try #require(try JSONSerialization.jsonObject(with: lastFetch.stdoutBytes) as? [[String: Any]])
        #expect(last.first?["outcome"] as? String == "updated" && last.first?["changes"] as? [String] == [], "\(last)")
        let none = try await bob.run("contacts", "refresh")
        #expect(none.stdout.contains("None of your contacts' cards names a server"), "\(none.stdout)")
        // On again: Bob learns of it only by her card, given again (his names no server now).
        #expect(try await ada.run("card", "server", "on").status == 0)
        #expect(try await ada.run("card", "export", "--format", "qr-text", "-o", card.path).status == 0)
        #expect(try await bob.run("add", "--yes", card.path).status == 0)

        // The server gone: said once, the card as it was.
        #expect(try await server.stop() == 0)
        let gone = try await bob.run("contacts", "refresh")
        #expect(gone.status == 0)
        #expect(gone.stdout.contains("Kept as they were: Countess."), "\(gone.stdout)")
        // Ada changes her card while her server is gone: saved here, and she is told it was not published.
        let unpublished = try await ada.run("card", "set", "--title", "Engineer")
        #expect(unpublished.status == 0)
        #expect(unpublished.stderr.contains("Your card is saved here, but was not published to your server: ")
            && unpublished.stderr.contains("Your contacts get it with your next change, or when you register with the server again."), "\(unpublished.stderr)")
        #expect(try await ada.run("card", "show").stdout.contains("Engineer"))
    }

    /// Following, live: `handshake events` (Bob registered nowhere, so it follows only cards) hears of Ada's
    /// `card set` from her server's card-change stream and keeps the newer card as an update, and the web app
    /// does the same with no command.
    @Test func aNewerCardReachesItsFollowersAsItIsPublished() async throws {
        let server = try await ServeCommandTests.Server.running()
        defer { if server.process.isRunning { server.process.terminate() } }
        let ada = try CLI(), bob = try CLI()
        #expect(try await ada.run("init", "--name", "Ada Lovelace").status == 0)
        #expect(try await ada.run("server", "register", "--server", server.url).status == 0)
        #expect(try await bob.run("init", "--name", "Bob Babbage").status == 0)
        let card = ada.file("ada.hs1")
        #expect(try await ada.run("card", "export", "--format", "qr-text", "-o", card.path).status == 0)
        #expect(try await bob.run("add", "--yes", card.path).status == 0)

        // Bob follows; Ada changes her title a moment later. Whichever comes first, the stream's first message
        // (her card's tag as the server holds it) or her change, Bob's book ends with the newer card.
        let following = Task { try await bob.run("events", "--json", "--count", "1", "--idle", "60") }
        try await Task.sleep(for: .milliseconds(500))
        #expect(try await ada.run("card", "set", "--title", "Analyst").status == 0)
        let heard = try await following.value
        #expect(heard.status == 0, "\(heard.stderr)")
        let line = try #require(try JSONSerialization.jsonObject(with: Data(heard.stdout.utf8)) as? [String: Any], "\(heard.stdout)")
        #expect(line["type"] as? String == "cardUpdated" && line["contact"] as? String == "Ada Lovelace", "\(line)")
        #expect(line["changes"] as? [String] == ["title"] && line["server"] as? String == server.url, "\(line)")
        #expect(try await bob.run("contact", "show", "Ada Lovelace").stdout.contains("Analyst"))

        // In words, as a person reads it.
        let words = Task { try await bob.run("events", "--count", "1", "--idle", "60") }
        try await Task.sleep(for: .milliseconds(500))
        #expect(try await ada.run("card", "set", "--company", "Analytical Engines").status == 0)
        let said = try await words.value
        #expect(said.status == 0, "\(said.stderr)")
        #expect(said.stdout.contains("Following 1 contact's card on 1 server."), "\(said.stdout)")
        #expect(said.stdout.contains("Ada Lovelace: a newer card, which changes company."), "\(said.stdout)")

        // The web app, open, keeps the next change with no command.
        let app = try await bob.startApp()
        defer { app.process.terminate() }
        try await Task.sleep(for: .seconds(1))
        #expect(try await ada.run("card", "set", "--title", "Director").status == 0)
        var page = ""
        for _ in 0..<100 where !page.contains("Director") {
            try await Task.sleep(for: .milliseconds(100))
            page = try await bob.run("contact", "show", "Ada Lovelace").stdout
        }
        #expect(page.contains("Director"), "\(page)")

        // With nothing to follow and no server registered, the command says why it cannot run.
        let carol = try CLI()
        #expect(try await carol.run("init", "--name", "Carol").status == 0)
        let nothing = try await carol.run("events", "--count", "1", "--idle", "1")
        #expect(nothing.status != 0 && !nothing.stderr.isEmpty, "\(nothing.stdout) \(nothing.stderr)")
    }
}
