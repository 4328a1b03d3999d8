import Foundation
import HandshakeCore
import HandshakeStore
import HandshakeTestSupport
import Testing

/// The libraries as an app uses them, through the public API only (no `@testable`): create an account in
/// an app's container, receive a scanned card, watch the list change, compare the security code, and
/// restore the identity from its backup code in a new container. The code between the `article:` marks is
/// the Getting Started article of HandshakeStore's documentation, word for word (a test below checks it).
@Suite("Getting started in an app")
struct AppGettingStartedTests {
    static func container() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("app-container-\(UUID().uuidString)", isDirectory: true)
    }

    @Test("create, receive a scanned card, observe the list, verify the code, restore from the backup")
    func gettingStarted() async throws {
        // article:begin
        // Two people, each with the app.
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(Self.container()))
        let bob = try HandshakeAccount.create(name: "Bob Babbage", storage: .directory(Self.container()))
        try bob.editCard { $0.company = "Difference Engines" }

        // Ada's list, as a SwiftUI view would observe it.
        var list = Observed(ada.book.observeContacts())
        #expect(await list.next()?.isEmpty == true)

        // Ada scans Bob's QR code: the card is verified, and the book says what keeping it would do; nothing is stored.
        let (card, form) = try CardText.read(Array(CardText.qrText(try bob.issueCard()).utf8), now: Date())
        guard case .new(_, let matches) = try ada.book.preview(card) else { Issue.record("not new"); return }
        #expect(matches.isEmpty && ContactSource(form: form) == .qr && card.card.company == "Difference Engines")
        #expect(try ada.book.contacts().isEmpty)
        // She says Add: the one receive rule stores it, deciding again as it does.
        guard case .added(let added) = try ada.book.receive(card, source: .qr, answer: .add(trust: .trusted)) else { Issue.record("not added"); return }
        let shown = await list.next { !$0.isEmpty }
        #expect(shown?.map(\.displayName) == ["Bob Babbage"])

        // Bob changes his card; the newer one updates Ada's entry with no question (her own fields stay).
        try bob.editCard { $0.company = "Analytical Engines" }
        let (newer, _) = try CardText.read(Array(CardText.qrText(try bob.issueCard()).utf8), now: Date())
        guard case .updated(let updated, let changes, _) = try ada.book.receive(newer, source: .qr, answer: .add(trust: .trusted)) else { Issue.record("not updated"); return }
        #expect(updated.id == added.id && changes.fields == [.company])

        // Bob scans Ada's code in turn; then they compare the 60-digit code: Bob reads his aloud, Ada types it.
        let (adasCard, _) = try CardText.read(Array(CardText.qrText(try ada.issueCard()).utf8), now: Date())
        let adaOnBobs = try #require(try bob.book.receive(adasCard, source: .qr, answer: .add(trust: .trusted)).contact)
        let bobsView = try bob.securityCode(with: adaOnBobs)
        #expect(try ada.securityCode(with: added) == bobsView)
        #expect(try ada.verifySecurityCode("12345", with: added) == nil, "a wrong code marks nothing")
        let verified = try #require(try ada.verifySecurityCode(bobsView.description, with: added))
        #expect(verified.securityCodeVerifiedAt != nil)

        // Ada's phone is lost; she restores her identity from the code she wrote down.
        let restored = try HandshakeAccount.restore(backupCode: ada.backupCode.joined(separator: "-"), storage: .directory(Self.container()))
        #expect(restored.identity.nodeID == ada.identity.nodeID)
        #expect(try HandshakeAccount.open(restored.storage).identity.nodeID == ada.identity.nodeID)
        // article:end
    }

    @Test("opening a container with no identity says so; a second create on one container is refused")
    func refusals() throws {
        let container = Self.container()
        #expect(throws: StoreError.noIdentity(home: container.path)) { try HandshakeAccount.open(.directory(container)) }
        _ = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(container))
        #expect(throws: (any Error).self) { try HandshakeAccount.create(name: "Someone Else", storage: .directory(container)) }
        #expect(throws: CardFieldError.self) { try HandshakeAccount.create(name: "", storage: .directory(Self.container())) }
    }

    @Test("the Getting Started article shows exactly the code this suite runs")
    func articleMatchesTheTest() throws {
        #expect(try ArticleCode.inArticle("Sources/HandshakeStore/HandshakeStore.docc/GettingStarted.md") == ArticleCode.inTest())
    }
}
