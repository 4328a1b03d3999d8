import Foundation
import HandshakeTestSupport
import Testing

@_spi(Wire) import HandshakeCore

/// The card page link through the program: `share --web` and `card export --web` show the card's page on the
/// registered server (`https://SERVER/c#…`), and `scan` and `add` read the card from a picture of that QR code
/// with no network at all: the server here does not exist (`.invalid`, RFC 2606), so any fetch would fail.
@Suite("the card page link in the program")
struct CardPageLinkCommandTests {
    static let server = "https://mailbox.invalid"

    /// Ada, registered (as far as her home knows) with a server that does not exist.
    static func ada() async throws -> CLI {
        let ada = try CLI()
        try #require(await ada.run("init", "--name", "Ada Lovelace").status == 0)
        try #require(await ada.run("card", "set", "--company", "Analytical Engines", "--email", "ada@example.com").status == 0)
        try Data("{\"url\": \"\(server)\"}".utf8).write(to: ada.home.appendingPathComponent("server.json"))
        return ada
    }

    @Test func aPictureOfTheLinkScansAndAddsOffline() async throws {
        let ada = try await Self.ada()
        let link = try await ada.run("card", "export", "--format", "link", "--web")
        #expect(link.status == 0 && link.stdout.hasPrefix(Self.server + "/c#"), "\(link.stdout)\(link.stderr)")
        let picture = ada.file("page-link.png")
        #expect(try await ada.run("card", "export", "--format", "png", "--web", "-o", picture.path).status == 0)
        // zbar, which we did not write, reads the link out of the picture.
        let zbar = try await Tool.run("zbarimg", "-q", "--raw", picture.path)
        #expect(zbar.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == link.stdout.trimmingCharacters(in: .whitespacesAndNewlines))

        let bob = try CLI()
        try #require(await bob.run("init", "--name", "Bob Babbage").status == 0)
        let scanned = try await bob.run("scan", "--json", "--image", picture.path)
        #expect(scanned.status == 0, "\(scanned.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: scanned.stdoutBytes) as? [String: Any])
        #expect(json["kind"] as? String == "handshake-card" && json["status"] as? String == "verified" && json["form"] as? String == "link", "\(json)")
        #expect((json["card"] as? [String: Any])?["name"] as? String == "Ada Lovelace", "\(json)")
        let added = try await bob.run("add", "--yes", "--image", picture.path)
        #expect(added.status == 0, "\(added.stdout)\(added.stderr)")
        let contacts = try await bob.run("contacts", "--json")
        #expect(contacts.stdout.contains("Ada Lovelace") && contacts.stdout.contains("Analytical Engines"), "\(contacts.stdout)")
        // The link pasted as text reads the same way.
        #expect(try await bob.run("card", "verify", link.stdout.trimmingCharacters(in: .whitespacesAndNewlines)).status == 0)
    }

    @Test func shareWebShowsThePageAndNeedsAServer() async throws {
        let ada = try await Self.ada()
        let shown = try await ada.run("share", "--web", "--plain")
        #expect(shown.status == 0 && shown.stdout.contains("opens this code as your card's page on \(Self.server)"), "\(shown.stdout)\(shown.stderr)")
        let alone = try CLI()
        try #require(await alone.run("init", "--name", "Carol").status == 0)
        let refused = try await alone.run("share", "--web")
        #expect(refused.status != 0 && refused.stderr.contains("handshake server register"), "\(refused.stderr)")
        let wrong = try await ada.run("card", "export", "--format", "code", "--web")
        #expect(wrong.stderr.contains("--web goes with --format link, png or svg"), "\(wrong.stderr)")
    }
}
