import Foundation
import HandshakeCore
import HandshakeHTML
import HandshakeStore
import HandshakeTestSupport
import Hummingbird
import HummingbirdCore
import HummingbirdTesting
import Testing

@testable import HandshakeWebApp

/// Every address of the app is an `AppPath`: its pattern is what the router registers, its href what the
/// screens link to, and what a change did rides along as an `Outcome` that the page reads back.
struct AppPathTests {
    static let every: [AppPath] = [
        .home, .stylesheet, .script, .contacts, .contactResults, .contact(1), .editContact(1), .verifyContact(1), .contactPreferences(1), .deleteContact(1),
        .contactCard(1), .myCard, .editCard, .cardPhoto, .removeCardPhoto, .add, .keepCard, .addPicture, .nearby, .nearbyLive, .nearbyStream,
        .startNearby, .chooseNearby, .answerNearby, .stopNearby, .retryNearby, .doneNearby, .nearbyBanner, .requests, .requestsLive, .requestsStream, .requestsBadge, .answerRequest,
        .sendRequest, .makeShareLink, .settings, .showBackup, .moveKey, .connectServer, .saveDefaults,
    ]

    @Test func eachPathHasItsOwnPatternAndAContactsIdGoesInItsPlace() {
        #expect(Set(Self.every.map(\.pattern)).count == Self.every.count, "two paths share a pattern")
        #expect(AppPath.editContact(42).href == "/contacts/42/edit" && AppPath.editContact(42).pattern == "/contacts/{id}/edit")
        #expect(AppPath.contact(-3).href == "/contacts/-3" && AppPath.contacts.href == "/contacts")
        #expect(AppPath.anyContact(AppPath.contactCard).pattern == "/contacts/{id}/card.vcf")
        #expect(AppPath.settings.href(fragment: SettingsScreen.serverSectionID) == "/settings#server")
        for path in Self.every {
            #expect(path.href.hasPrefix("/") && !path.href.contains("{"), "\(path)")
        }
    }

    @Test func everyOutcomeRidesInTheAddressAndIsReadBack() throws {
        /// The query of `uri` as a page reads it (`URI.decodeQuery` decodes it so).
        func done(_ uri: URI) throws -> Outcome? { try URLEncodedFormDecoder().decode(OutcomeQuery.self, from: uri.query ?? "").done }
        let ada = try ContactBook().add(try Fixture.namedCard("Ada <b>", by: Identity.generate()), source: .qr, now: Date())
        #expect(Set(Outcome.allCases.map(\.rawValue)).count == Outcome.allCases.count, "every outcome has a code of its own")
        for outcome in Outcome.allCases {
            let uri = URI(AppPath.contact(7).href(done: outcome))
            #expect(try done(uri) == outcome, "\(outcome)")
            #expect(!outcome.notice(about: ada).description.isEmpty)
        }
        #expect(try done(URI("/contacts/7?done=nonsense")) == nil, "an unknown outcome shows nothing")
        #expect(try done(URI("/contacts/7")) == nil)
        #expect(Outcome.received(.added).notice(about: ada).description
            == "<p class=\"notice\" role=\"status\">Added Ada &lt;b&gt; to your contacts. Now let them add you: show them <a href=\"/card\">your card</a>.</p>")
        #expect(Outcome.contactSaved(.blocked).notice(about: ada).description
            == "<p class=\"notice\" role=\"status\">Blocked Ada &lt;b&gt;. Their cards are ignored from now on.</p>")
        #expect(Outcome.received(.keyConflict).notice(about: ada).description.hasPrefix("<p class=\"notice problem\" role=\"alert\">"))
        #expect(Outcome.mismatch.notice().description.hasPrefix("<p class=\"notice problem\" role=\"alert\">"))
    }

    /// The routes behind the access rule: every page a person opens answers, a contact that is not there is
    /// 404, and a form no page sends is refused with its sentence and changes nothing.
    @Test func everyPageAnswersAtItsPath() async throws {
        let account = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(ScreenTextTests.container()))
        let bob = try HandshakeAccount.create(name: "Bob Babbage", storage: .directory(ScreenTextTests.container()))
        let kept = try account.book.receive(try bob.issueCard(), source: .qr, answer: .add(trust: .trusted))
        guard case .added(let contact) = kept else {
            Issue.record("Bob is new to Ada")
            return
        }
        let router = Router(context: BasicRequestContext.self)
        LocalWebApp(account: account).addPages(to: router, faceToFace: await FaceToFace(account: account))
        let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        try await Application(router: router).test(.router) { client in
            let pages: [AppPath] = [
                .contacts, .contactResults, .contact(contact.id), .deleteContact(contact.id), .contactCard(contact.id), .myCard, .editCard, .add,
                .nearby, .nearbyLive, .nearbyBanner, .requests, .requestsLive, .requestsBadge, .settings, .script, .stylesheet,
            ]
            for page in pages {
                try await client.execute(uri: page.href, method: .get) { response in
                    #expect(response.status == .ok, "\(page.href)")
                }
            }
            try await client.execute(uri: AppPath.contacts.href + "?q=Bob&trust=trusted", method: .get) { response in
                #expect(String(buffer: response.body).contains("Bob Babbage"))
            }
            try await client.execute(uri: AppPath.contact(contact.id).href(done: .saved), method: .get) { response in
                #expect(String(buffer: response.body).contains("<p class=\"notice\" role=\"status\">Saved.</p>"))
            }
            try await client.execute(uri: "/contacts/999", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/contacts/bob", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: AppPath.home.href, method: .get) { response in
                #expect(response.status == .seeOther && response.headers[.location] == AppPath.contacts.href)
            }
            try await client.execute(
                uri: AppPath.editContact(contact.id).href, method: .post, headers: form, body: ByteBuffer(string: "action=alias&alias=Babbage")
            ) { response in
                #expect(response.status == .seeOther && response.headers[.location] == AppPath.contact(contact.id).href(done: .contactSaved(.alias)))
            }
            try await client.execute(
                uri: AppPath.editContact(contact.id).href, method: .post, headers: form, body: ByteBuffer(string: "action=delete")
            ) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("This form could not be read"), "\(String(buffer: response.body))")
            }
        }
        #expect(try account.book.contact(id: contact.id)?.alias == "Babbage", "the alias form changed the alias, and the bad form nothing")
    }
}
