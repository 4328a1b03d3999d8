import Foundation
import HandshakeMailbox
import Testing

/// The one grammar of share links: the three forms people paste, and what is not a link.
struct ShareLinkTests {
    static let token = "0Ab9zZ7qR2sT4uV6wX8yA1bC3dE5fG7hJ9kL2mN4pQ6"

    @Test func readsTheThreeForms() throws {
        let web = try #require(ShareLink(parsing: "https://mailbox.example/share/contact/\(Self.token)"))
        #expect(web.token == Self.token)
        #expect(web.server == URL(string: "https://mailbox.example"))
        #expect(web.description == "https://mailbox.example/share/contact/\(Self.token)")

        let app = try #require(ShareLink(parsing: "handshake://contact/\(Self.token)"))
        #expect(app.token == Self.token && app.server == nil)
        #expect(app.appURL == "handshake://contact/\(Self.token)")

        let bare = try #require(ShareLink(parsing: "  \(Self.token)\n"))
        #expect(bare.token == Self.token && bare.server == nil)
    }

    @Test func aServerUnderAPathAndALinkWithAQueryKeepTheirServerAndToken() throws {
        let link = try #require(ShareLink(parsing: "http://127.0.0.1:8080/mailbox/share/contact/\(Self.token)?utm=chat#x"))
        #expect(link.token == Self.token)
        #expect(link.server?.absoluteString == "http://127.0.0.1:8080/mailbox")
        #expect(link.webURL(on: try #require(link.server))?.absoluteString == "http://127.0.0.1:8080/mailbox/share/contact/\(Self.token)")
    }

    @Test(arguments: [
        "",  // nothing
        String(token.dropLast()),  // 42 characters
        token + "x",  // 44
        String(token.dropLast()) + "-",  // not base62
        String(token.dropLast()) + "é",
        "https://mailbox.example/contact/\(token)",  // not the share path
        "https:///share/contact/\(token)",  // no host
        "ftp://mailbox.example/share/contact/\(token)",
        "handshake://card#\(token)",  // a card link, not a share link
        String(repeating: "a", count: 5000),
    ])
    func refusesWhatIsNotALink(_ text: String) {
        #expect(ShareLink(parsing: text) == nil)
    }

    @Test func theTokenRuleIsTheServers() {
        #expect(ShareLink.isWellFormedToken(Self.token))
        #expect(!ShareLink.isWellFormedToken(Self.token + "0"))
        #expect(ShareLink(token: "short") == nil)
    }
}
