import Foundation
import HandshakeCore
import Testing

@testable import HandshakeMailbox

/// The one grammar of share links: the three forms people paste, with and without the owner's Node ID, and
/// every other shape refused with its sentence; and where a link may be resolved.
struct ShareLinkTests {
    static let token = "0Ab9zZ7qR2sT4uV6wX8yA1bC3dE5fG7hJ9kL2mN4pQ6"
    static let owner = NodeID(sigKey: [UInt8](repeating: 7, count: 32))

    @Test func readsTheThreeFormsWithTheirOwner() throws {
        let web = try ShareLink(validating: "https://mailbox.example/share/contact/\(Self.token)/\(Self.owner.rawValue)")
        #expect(web.token == Self.token && web.owner == Self.owner)
        #expect(web.server == URL(string: "https://mailbox.example"))
        #expect(web.description == "https://mailbox.example/share/contact/\(Self.token)/\(Self.owner.rawValue)")
        #expect(web.appURL == "handshake://contact/\(Self.token)/\(Self.owner.rawValue)")

        let app = try ShareLink(validating: "handshake://contact/\(Self.token)/\(Self.owner.rawValue)")
        #expect(app.token == Self.token && app.owner == Self.owner && app.server == nil)

        let bare = try ShareLink(validating: "  \(Self.token)\n")
        #expect(bare.token == Self.token && bare.server == nil && bare.owner == nil)
    }

    @Test func linksMadeBeforeTheyNamedTheirOwnerStillWork() throws {
        let web = try ShareLink(validating: "https://mailbox.example/share/contact/\(Self.token)")
        #expect(web.owner == nil && web.description == "https://mailbox.example/share/contact/\(Self.token)")
        let app = try ShareLink(validating: "handshake://contact/\(Self.token)")
        #expect(app.owner == nil && app.appURL == "handshake://contact/\(Self.token)")
    }

    @Test func loopbackOverPlainHTTPAndIPv6AddressesAreServers() throws {
        #expect(try ShareLink(validating: "http://127.0.0.1:8080/share/contact/\(Self.token)").server?.absoluteString == "http://127.0.0.1:8080")
        #expect(try ShareLink(validating: "http://[::1]:8080/share/contact/\(Self.token)").server?.absoluteString == "http://[::1]:8080")
        #expect(try ShareLink(validating: "http://localhost/share/contact/\(Self.token)").server?.absoluteString == "http://localhost")
        #expect(try ShareLink(validating: "HTTPS://Mailbox.Example:8443/share/contact/\(Self.token)").server?.absoluteString == "https://mailbox.example:8443")
    }

    @Test(arguments: [
        ("http://admin:pw@127.0.0.1:19999/share/contact/\(token)", ShareLinkError.credentials),
        ("https://admin@mailbox.example/share/contact/\(token)", .credentials),
        ("http://127.0.0.1:19999/internal/admin?x=/share/contact/\(token)", .query),
        ("https://mailbox.example/share/contact/\(token)?utm=chat", .query),
        ("https://mailbox.example/share/contact/\(token)#x", .fragment),
        ("handshake://contact/\(token)?x", .query),
        ("https://mailbox.example/mailbox/share/contact/\(token)", .badPath),
        ("https://mailbox.example/share/contact/\(token)/", .badPath),
        ("https://mailbox.example/share/contact/x/y/\(token)", .badPath),
        ("https://mailbox.example/share/contact/\(token)/notanodeid", .badOwner),
        ("https://mailbox.example/share/contact/\(String(token.dropLast()))", .badToken),
        ("http://mailbox.example/share/contact/\(token)", .plainHTTP(host: "mailbox.example")),
        ("http://10.0.0.5/share/contact/\(token)", .plainHTTP(host: "10.0.0.5")),
        ("http://169.254.169.254/share/contact/\(token)", .plainHTTP(host: "169.254.169.254")),
        ("http://0x7f000001/share/contact/\(token)", .badHost("its host \"0x7f000001\" is a number but not an IP address written as four decimal numbers (such as 192.0.2.7)")),
        ("http://2130706433/share/contact/\(token)", .badHost("its host \"2130706433\" is a number but not an IP address written as four decimal numbers (such as 192.0.2.7)")),
        ("https:///share/contact/\(token)", .badHost("it names no host")),
        ("ftp://mailbox.example/share/contact/\(token)", .notALink),
        ("", .notALink),
        (String(token.dropLast()) + "-", .notALink),
        ("handshake://card#\(token)", .notALink),
        (String(repeating: "a", count: 5000), .tooLong),
    ])
    func refusesEveryOtherShape(_ text: String, _ refusal: ShareLinkError) {
        #expect(throws: refusal) { try ShareLink(validating: text) }
        #expect(ShareLink(parsing: text) == nil)
        #expect(refusal.description.hasSuffix("."))
    }

    @Test func textMeantAsALinkIsToldAsOne() {
        #expect(ShareLink.looksLikeShareLink("http://admin:pw@127.0.0.1/share/contact/x?y"))
        #expect(ShareLink.looksLikeShareLink("handshake://contact/zzz"))
        #expect(!ShareLink.looksLikeShareLink("HS1:ABC"))
        #expect(!ShareLink.looksLikeShareLink(Self.token), "a bare token is a link only when it is a well-formed one")
    }

    @Test func theTokenRuleIsTheServers() {
        #expect(ShareLink.isWellFormedToken(Self.token))
        #expect(!ShareLink.isWellFormedToken(Self.token + "0"))
        #expect(ShareLink(token: "short") == nil)
    }

    /// Where a link is asked about: the registered server for a link that names none or names it (any
    /// address), the link's own server otherwise, which may be on the internet or this computer only.
    @Test func aLinkIsResolvedWhereTheRuleSays() throws {
        let registered = try #require(URL(string: "http://10.0.0.5:8080"))
        let bare = try ShareLink(validating: Self.token)
        #expect(bare.resolution(registered: nil) == nil)
        #expect(bare.resolution(registered: registered) == .init(server: registered, isRegisteredServer: true))
        #expect(bare.resolution(registered: registered)?.reachable.allows([10, 0, 0, 5]) == true)

        let own = try ShareLink(validating: "https://mailbox.example:443/share/contact/\(Self.token)")
        let ownRegistered = try #require(URL(string: "https://MAILBOX.example/"))
        #expect(own.resolution(registered: ownRegistered)?.isRegisteredServer == true)

        let other = try #require(own.resolution(registered: registered))
        #expect(!other.isRegisteredServer && other.server.absoluteString == "https://mailbox.example:443")
        #expect(other.reachable.allows([93, 184, 216, 34]) && other.reachable.allows([127, 0, 0, 1]))
        #expect(!other.reachable.allows([10, 0, 0, 5]) && !other.reachable.allows([169, 254, 169, 254]) && !other.reachable.allows([192, 168, 1, 1]))
        #expect(!other.reachable.allows([0, 0, 0, 0]))

        let plain = try #require(try ShareLink(validating: "http://localhost:9/share/contact/\(Self.token)").resolution(registered: nil))
        #expect(plain.reachable.allows([127, 0, 0, 1]) && !plain.reachable.allows([93, 184, 216, 34]))
    }
}
