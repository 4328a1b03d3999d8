import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeTestSupport
import Testing

/// HandshakeCore as an app uses it, through the public API only: make an identity, fill in and share a card,
/// pass it on as QR text, a link or a typed code, read it back verified, recognise an update, compare the
/// security code, and restore the identity from its backup code. The code between the `article:` marks is
/// the Getting Started article of HandshakeCore's documentation, word for word (a test below checks it).
@Suite("Getting started in an app: HandshakeCore")
struct CoreGettingStartedTests {
    @Test("identity, card, every text form read back verified, an update, the security code, the backup")
    func gettingStarted() throws {
        // article:begin
        // Ada's identity is one random seed; both key pairs derive from it. An app keeps it in its key store.
        let ada = Identity.generate()
        let backupCode = SeedBackup.code(for: ada.seed)  // what Ada writes down, to restore it anywhere

        // Her card holds what she fills in; the sharing profile picks what goes out, signed.
        var profile = CardProfile(identity: ada, now: Date())
        try profile.edit(now: Date()) {
            $0.name = "Ada Lovelace"
            $0.company = "Analytical Engines"
            $0.emails = ["ada@example.com"]
        }
        profile.share([.name, .company], now: Date())
        let card = try profile.issueCard(identity: ada)

        // One signed card, three forms: text for a QR code, a link for a message, a code to read aloud.
        let forms = [CardText.qrText(card), CardText.link(card), CardText.code(card).joined(separator: "-")]

        // Bob's device reads any of them back; the signature, Node ID and field rules are checked first.
        for text in forms {
            let (received, _) = try CardText.read(Array(text.utf8), now: Date())
            #expect(received == card && received.nodeID == ada.nodeID)
            #expect(received.card.company == "Analytical Engines" && received.card.emails.isEmpty)
        }

        // Later Ada adds her title. Her new card replaces the one Bob holds; the old one never replaces it.
        try profile.edit(now: Date()) { $0.title = "Chief Programmer" }
        profile.share([.name, .company, .title], now: Date())
        let newer = try profile.issueCard(identity: ada)
        #expect(CardClassifier.classify(newer.card, known: card.card).summary == "This card updates title.")
        #expect(CardClassifier.classify(card.card, known: newer.card) == .notNewer(storedUpdatedAt: newer.card.updatedAt))

        // Face to face, both phones show the same 60 digits: if they match, no one swapped a card on the way.
        let bob = Identity.generate()
        let onAdasPhone = SecurityCode(ownKey: ada.sigKey, theirKey: bob.sigKey)
        let onBobsPhone = SecurityCode(ownKey: bob.sigKey, theirKey: ada.sigKey)
        #expect(onBobsPhone.matches(typed: onAdasPhone.groups.joined(separator: " ")))

        // A lost phone: the backup code brings back the same identity, and so the same Node ID.
        let restored = Identity(seed: try SeedBackup.restore(from: backupCode.joined(separator: "-")))
        #expect(restored.nodeID == ada.nodeID)
        // article:end
    }

    @Test("the Getting Started article shows exactly the code this suite runs")
    func articleMatchesTheTest() throws {
        #expect(try ArticleCode.inArticle("Sources/HandshakeCore/HandshakeCore.docc/GettingStarted.md") == ArticleCode.inTest())
    }
}
