import Foundation
import HandshakeCore
import HandshakeStore
import HandshakeTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HandshakeWebApp

/// Text from outside is text on every screen: markup is escaped, and characters that could control a
/// screen show as visible escapes.
struct ScreenTextTests {
    static let hostile = "<img src=x onerror=alert(1)>\"'&\u{1B}[2J\u{202E}"

    @Test func textGivenToAScreenIsTextInContentAndInAttributes() {
        let page = AddScreen.page(formToken: Self.hostile, pasted: Self.hostile)
        // What a form sends back is written as typed: hidden characters as references the browser reads back
        // as themselves (HandshakeHTML), never raw and never as the visible escape shown text gets.
        let asTyped = "&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;&#x1B;[2J&#x202E;"
        #expect(page.contains("spellcheck=\"false\" autocapitalize=\"off\">\n\(asTyped)</textarea>"), "the pasted text, in the box")
        #expect(page.contains("name=\"csrf\" value=\"\(asTyped)\">"), "a value, in its attribute")
        #expect(!page.contains("<img") && !page.unicodeScalars.contains("\u{1B}") && !page.unicodeScalars.contains("\u{202E}"))
    }

    @Test func aHostileNameInTheBookIsTextOnTheListAndTheInfoPage() throws {
        let account = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(Self.container()))
        let eve = try HandshakeAccount.create(name: "<img src=x onerror=alert(1)>", storage: .directory(Self.container()))
        _ = try account.book.receive(try eve.issueCard(), source: .qr, answer: .addSeparately(trust: .known))
        let contacts = try account.book.contacts(ContactListQuery())
        let list = ContactsScreen.page(contacts: contacts, filter: .init(search: "<script>"), tags: ["<b>tag</b>"]).description
        #expect(list.contains("&lt;img src=x onerror=alert(1)&gt;") && !list.contains("<img"))
        #expect(list.contains("value=\"&lt;script&gt;\""))
        #expect(list.contains("<option value=\"&lt;b&gt;tag&lt;/b&gt;\">&lt;b&gt;tag&lt;/b&gt;</option>"), "a tag is text in the filter")
        let contact = try #require(contacts.first)
        let info = ContactScreen.page(contact: contact, meetings: [], securityCode: nil, formToken: "F0rm").description
        #expect(!info.contains("<img") && info.contains("<h1>&lt;img src=x onerror=alert(1)&gt;</h1>"))
        // What the signature of a card scanned from a picture is worth, said beside "verified".
        #expect(info.contains("<p class=\"muted\" id=\"checked\">Signed by its own key only: never met in person, code not compared.</p>"), "\(info)")
    }

    /// A contact whose newer card arrived (a refresh, or a scan) is marked on the list and on their page with
    /// what changed, as `contact show` says it.
    @Test func anUpdatedCardIsMarkedOnTheListAndThePage() throws {
        let bob = try HandshakeAccount.create(name: "Bob Babbage", storage: .directory(Self.container()))
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(Self.container()))
        _ = try bob.book.receive(try ada.issueCard(), source: .qr, answer: .addSeparately(trust: .known))
        let later = Date().addingTimeInterval(2)
        _ = try ada.editCard(now: later) { $0.fields[.title] = .text("Analyst") }
        _ = try bob.book.receive(try ada.issueCard(now: later), source: .qr, answer: .addSeparately(trust: .known))
        let contacts = try bob.book.contacts(ContactListQuery())
        let contact = try #require(contacts.first)
        let update = try #require(try bob.book.lastUpdate(of: contact.id))
        #expect(update.changes.fields == [.title])
        let list = ContactsScreen.page(contacts: contacts, filter: .init(), tags: [], updates: bob.book.updates(of: contacts, since: .distantPast)).description
        #expect(list.contains("<span class=\"updated\">Updated today: title.</span>"), "\(list)")
        let info = ContactScreen.page(contact: contact, meetings: [], securityCode: nil, formToken: "F0rm", update: update).description
        #expect(info.contains("<p class=\"muted\" id=\"updated\">Updated today: title.</p>"), "\(info)")
    }

    @Test func aRequestToAnotherNameIsRefusedWithTheSecurityHeaders() async throws {
        let account = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(Self.container()))
        let bound = BoundPort()
        bound.set(7430)
        let app = Application(router: LocalWebApp(account: account).router(bound: bound, faceToFace: await FaceToFace(account: account)))
        try await app.test(.router) { client in
            // The test client names the host `localhost`, without the port the app answers at.
            try await client.execute(uri: "/contacts", method: .get) { response in
                #expect(response.status == .misdirectedRequest)
                #expect(response.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'self'") == true)
                #expect(String(buffer: response.body).contains("Handshake answers only at <code>http://127.0.0.1:7430</code>"))
            }
        }
    }

    static func container() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("web-app-\(UUID().uuidString)", isDirectory: true)
    }
}
