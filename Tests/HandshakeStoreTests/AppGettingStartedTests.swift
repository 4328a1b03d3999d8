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

        // Ada scans Bob's QR code: verified, nothing stored until she answers.
        let scanned = try ada.read(CardText.qrText(try bob.issueCard()))
        guard case .new(let card, let matches) = scanned.preview else { Issue.record("\(scanned.preview)"); return }
        #expect(matches.isEmpty && scanned.source == .qr && card.card.company == "Difference Engines")
        #expect(try ada.book.contacts().isEmpty)
        // She says Add: the one receive rule stores it, deciding again as it does.
        guard case .added(let added) = try ada.receive(card, source: scanned.source, answer: .add(trust: .trusted)) else { Issue.record("not added"); return }
        let shown = await list.next { !$0.isEmpty }
        #expect(shown?.map(\.displayName) == ["Bob Babbage"])

        // Bob changes his card; the newer one updates Ada's entry with no question (her own fields stay).
        try bob.editCard { $0.company = "Analytical Engines" }
        let newer = try ada.read(CardText.qrText(try bob.issueCard()))
        guard case .updated(let updated, let changes, _) = try ada.receive(newer.card, source: newer.source, answer: .add(trust: .trusted)) else { Issue.record("not updated"); return }
        #expect(updated.id == added.id && changes.fields == [.company])

        // Bob scans Ada's code in turn; then they compare the 60-digit code: Bob reads his aloud, Ada types it.
        let adaOnBobsPhone = try bob.read(CardText.qrText(try ada.issueCard()))
        guard case .new(let adasCard, _) = adaOnBobsPhone.preview else { Issue.record("\(adaOnBobsPhone.preview)"); return }
        let adaOnBobs = try #require(try bob.receive(adasCard, source: adaOnBobsPhone.source, answer: .add(trust: .trusted)).contact)
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
