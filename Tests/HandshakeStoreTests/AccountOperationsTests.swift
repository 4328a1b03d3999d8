import Foundation
import HandshakeCore
import HandshakeStore
import Testing

/// The account calls the `handshake` program is a front end for (restore, sharing, the scanned security
/// code, reading a card with no identity of one's own), through the public API only.
@Suite("HandshakeAccount operations")
struct AccountOperationsTests {
    static func container() -> URL { AppGettingStartedTests.container() }

    @Test("restore writes a fresh card with the given name; restoring the identity already there changes nothing")
    func restore() throws {
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(Self.container()))
        try ada.editCard { $0.company = "Analytical Engines" }
        let code = ada.backupCode.joined(separator: " ")

        let storage = AccountStorage.directory(Self.container())
        #expect(try !HandshakeAccount.holds(backupCode: code, storage: storage))
        let restored = try HandshakeAccount.restore(backupCode: code, storage: storage, name: "Ada L")
        #expect(restored.identity.nodeID == ada.identity.nodeID)
        #expect(try restored.profile().card.name == "Ada L")
        #expect(try restored.profile().card.company == nil)  // the card is not in the backup
        #expect(try HandshakeAccount.holds(backupCode: code, storage: storage))

        // Again, after the person edited the restored card: the card stays as it is.
        try restored.editCard { $0.title = "Analyst" }
        let again = try HandshakeAccount.restore(backupCode: code, storage: storage, name: "Someone Else")
        #expect(try again.profile().card.name == "Ada L")
        #expect(try again.profile().card.title == "Analyst")
    }

    @Test("restore refuses to replace a different identity, a bad name and a mistyped code, changing nothing")
    func restoreRefusals() throws {
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(Self.container()))
        let bob = try HandshakeAccount.create(name: "Bob Babbage", storage: .directory(Self.container()))
        let code = ada.backupCode.joined(separator: " ")
        #expect(throws: StoreError.self) { try HandshakeAccount.restore(backupCode: code, storage: bob.storage) }
        #expect(try HandshakeAccount.open(bob.storage).identity.nodeID == bob.identity.nodeID)
        #expect(throws: CardFieldError.self) { try HandshakeAccount.restore(backupCode: code, storage: .directory(Self.container()), name: "") }
        var typo = Array(code)
        typo[0] = typo[0] == "1" ? "2" : "1"
        #expect(throws: SeedBackup.RestoreError.self) { try HandshakeAccount.restore(backupCode: String(typo), storage: .directory(Self.container())) }

        let replaced = try HandshakeAccount.restore(backupCode: code, storage: bob.storage, name: "Ada", replacing: true)
        #expect(try HandshakeAccount.open(replaced.storage).identity.nodeID == ada.identity.nodeID)
    }

    @Test("a card from a friend request is kept with no question: known, separate from a contact sharing an email, never over a block")
    func keepFromFriendRequest() throws {
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(Self.container()))
        let bob = try HandshakeAccount.create(name: "Bob Babbage", storage: .directory(Self.container()))
        try bob.editCard { $0.emails = ["bob@example.com"] }
        try bob.share([.name, .emails])
        let carol = try HandshakeAccount.create(name: "Carol Herschel", storage: .directory(Self.container()))
        try carol.editCard { $0.emails = ["bob@example.com"] }  // shares Bob's address: in person, a merge would be asked
        try carol.share([.name, .emails])

        guard case .added(let added) = try ada.keepFromFriendRequest(try bob.issueCard()) else {
            Issue.record("Bob's card should be added")
            return
        }
        // Never met in person: Known until Ada says otherwise (TrustLevel.suggested).
        #expect(added.trustLevel == .known && added.source == .serverRequest)
        guard case .added(let separate) = try ada.keepFromFriendRequest(try carol.issueCard()) else {
            Issue.record("Carol's card should be added separately, not refused for the shared address")
            return
        }
        #expect(separate.id != added.id)
        guard case .alreadyHave = try ada.keepFromFriendRequest(try bob.issueCard(now: Date(timeIntervalSince1970: 0))) else {
            Issue.record("an older card of Bob's changes nothing")
            return
        }
        _ = try ada.book.update(added.id, ContactEdit(trustLevel: .blocked))
        try bob.editCard { $0.title = "Engineer" }
        guard case .ignoredBlocked = try ada.keepFromFriendRequest(try bob.issueCard()) else {
            Issue.record("a blocked person's card is not kept")
            return
        }
    }

    @Test("sharing fewer fields issues a smaller, newer card")
    func share() throws {
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(Self.container()))
        try ada.editCard { $0.company = "Analytical Engines"; $0.emails = ["ada@example.com"] }
        try ada.share([.name, .company, .emails])
        let before = try ada.issueCard()
        #expect(before.card.emails == ["ada@example.com"])
        let profile = try ada.share([.name])
        #expect(profile.sharedFields == [.name])
        let after = try ada.issueCard()
        #expect(after.card.emails.isEmpty && after.card.company == nil && after.card.name == "Ada Lovelace")
        #expect(after.card.updatedAt > before.card.updatedAt)
    }

    @Test("the scanned security code marks the contact verified only for this pair of keys")
    func scannedSecurityCode() throws {
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(Self.container()))
        let bob = try HandshakeAccount.create(name: "Bob Babbage", storage: .directory(Self.container()))
        let carol = try HandshakeAccount.create(name: "Carol", storage: .directory(Self.container()))
        let bobInAda = try ada.book.add(try bob.issueCard(), source: .qr, now: Date())
        let adaInBob = try bob.book.add(try ada.issueCard(), source: .qr, now: Date())
        let carolInBob = try bob.book.add(try carol.issueCard(), source: .qr, now: Date())

        // What Bob's device shows for Ada, and what it shows for Carol.
        let shownToAda = try bob.scannableSecurityCode(with: adaInBob).payload
        let shownToCarol = try bob.scannableSecurityCode(with: carolInBob).payload
        #expect(try ada.verifySecurityCode(scanned: shownToCarol, with: bobInAda) == nil)
        #expect(try ada.book.contact(id: bobInAda.id)?.securityCodeVerifiedAt == nil)
        #expect(throws: ScannableSecurityCode.ParseError.self) { try ada.verifySecurityCode(scanned: "HSC1:not a code", with: bobInAda) }
        let marked = try #require(try ada.verifySecurityCode(scanned: shownToAda, with: bobInAda))
        #expect(marked.securityCodeVerifiedAt != nil)
    }

    @Test("a card is previewed against the book without an identity of one's own")
    func previewWithoutIdentity() throws {
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(Self.container()))
        let book = try ContactBook()
        let (card, form) = try CardText.read(Array(CardText.link(try ada.issueCard()).utf8), now: Date())
        #expect(ContactSource(form: form) == .link)
        guard case .new(let previewed, _) = try book.preview(card) else { Issue.record("expected new"); return }
        #expect(previewed.nodeID == ada.identity.nodeID)
        #expect(try book.contacts(ContactListQuery()).isEmpty)  // previewing stores nothing
        #expect(throws: CardRejection.self) { try CardText.read(Array("HS1:XYZ".utf8), now: Date()) }
    }
}
