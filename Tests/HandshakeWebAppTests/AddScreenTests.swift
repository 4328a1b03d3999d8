import Foundation
import HandshakeCore
import HandshakeCredentials
import HandshakeIntake
import HandshakeQRReader
import HandshakeStore
import HandshakeTestSupport
import Testing

@testable import HandshakeWebApp

/// The Add screens: the answer a person gives is read from the keep form as the book's `ReceiveAnswer`, and
/// the confirmation offers what the preview allows, with the card's text riding along escaped.
struct AddScreenTests {
    @Test func theKeepFormsFieldsAreTheBooksAnswer() throws {
        func answer(_ body: String, suggested: TrustLevel = .trusted) throws -> ReceiveAnswer {
            try decodeForm(body, as: KeepForm.self).answer(suggested: suggested)
        }
        #expect(try answer("answer=add&trust=KNOWN") == .add(trust: .known))
        #expect(try answer("answer=add") == .add(trust: .trusted))
        #expect(try answer("answer=add", suggested: .known) == .add(trust: .known), "nothing chosen: the book's suggestion")
        #expect(try answer("answer=add&trust=TRUSTED", suggested: .known) == .add(trust: .trusted), "what was chosen wins")
        #expect(try answer("answer=add&trust=BLOCKED") == .add(trust: .blocked), "Blocked is a choice, as with handshake add --trust BLOCKED (NewContactTrust)")
        #expect(try answer("answer=separately&trust=TRUSTED") == .addSeparately(trust: .trusted))
        #expect(try answer("answer=merge-42") == .merge(into: 42))
        #expect(try answer("answer=merge-x") == .ignore)
        #expect(try answer("answer=ignore") == .ignore)
        #expect(try answer("") == .ignore)
        #expect(try decodeForm("card=HS1%3AABC+D&answer=add", as: KeepForm.self).card == "HS1:ABC D")
        // The buttons' values read back as the choices they were made from.
        for choice in [KeepForm.Choice.add, .separately, .merge(into: 7), .ignore] {
            #expect(KeepForm.Choice(rawValue: choice.rawValue) == choice)
        }
    }

    @Test func aNewCardSharingAnEmailOffersMergeAddSeparatelyAndIgnore() async throws {
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(ScreenTextTests.container()))
        let old = try HandshakeAccount.create(name: "Bob", storage: .directory(ScreenTextTests.container()))
        _ = try old.editCard { $0.emails = ["bob@example.com"] }
        _ = try old.share([.name, .emails])
        _ = try ada.book.receive(try old.issueCard(), source: .qr, answer: .add(trust: .trusted))
        let new = try HandshakeAccount.create(name: "Bob <new>", storage: .directory(ScreenTextTests.container()))
        _ = try new.editCard { $0.emails = ["bob@example.com"] }
        _ = try new.share([.name, .emails])
        let text = CardText.qrText(try new.issueCard())
        let page = AddScreen.confirm(try await CardIntake(book: ada.book).read(Array(text.utf8)), text: text, formToken: "F0rm").description
        let bobID = try #require(try ada.book.contacts().first?.id)
        #expect(page.contains("value=\"merge-\(bobID)\">Merge into Bob</button>"))
        #expect(page.contains("value=\"separately\"") && page.contains("value=\"ignore\""))
        #expect(page.contains("<h1>Bob &lt;new&gt;</h1>"))
        #expect(page.contains("name=\"card\" value=\"\(UntrustedText.htmlEscaped(text))\""))
        #expect(!page.contains("name=\"scanned\""), "pasted text is not marked scanned")
        let scanned = AddScreen.confirm(try await CardIntake(book: ada.book).read(Array(text.utf8)), text: text, formToken: "F0rm", wasScanned: true)
        #expect(scanned.contains("<input type=\"hidden\" name=\"scanned\" value=\"yes\">"), "a scanned code is marked through the confirmation")
    }

    /// A card's text is recorded as pasted unless the page's script found it in a QR code (a picture, the
    /// camera), which it says in the paste form's hidden field; the keep form carries it on.
    @Test func pastedTextIsRecordedAsPastedAndAScannedCodeAsScanned() throws {
        #expect(try decodeForm("card=HS1%3AABC", as: PasteForm.self).wasScanned == false)
        #expect(try decodeForm("card=HS1%3AABC&scanned=", as: PasteForm.self).wasScanned == false)
        #expect(try decodeForm("card=HS1%3AABC&scanned=yes", as: PasteForm.self).wasScanned == true)
        #expect(try decodeForm("answer=add&scanned=yes", as: KeepForm.self).wasScanned == true)
        #expect(try decodeForm("answer=add", as: KeepForm.self).wasScanned == false)
        #expect(AddScreen.page(formToken: "F0rm").contains("<input type=\"hidden\" id=\"card-scanned\" name=\"scanned\" value=\"\">"))
        #expect(ContactScreen.added(.pasted) == "from its pasted text" && ContactScreen.added(.qr) == "from a QR code")
    }
}

/// What the Add screen's script is told about a picture: the code's text, or the sentence, and whether a
/// camera should keep looking (only when the frame held no code).
struct PictureAnswerTests {
    @Test func theScriptIsToldTheTextOrTheSentence() {
        #expect(PictureRoutes.Answer.of(.success(Array("HS1:ABC".utf8))) == .init(text: "HS1:ABC"))
        let binary = PictureRoutes.Answer.of(.success([0xFF, 0xFE, 0x00]))
        #expect(binary.text == nil && binary.problem == "This QR code holds data that is not text, so it is not a Handshake card." && !binary.keepLooking)
        let nothing = PictureRoutes.Answer.of(.failure(.noQRCode("the picture")))
        #expect(nothing.keepLooking && nothing.problem == "No QR code was found in the picture. Try a sharper or closer picture.")
        #expect(!PictureRoutes.Answer.of(.failure(.notAPicture("the picture"))).keepLooking)
        #expect(!PictureRoutes.Answer.of(.failure(.timedOut("the picture", after: .seconds(30)))).keepLooking)
    }
}

/// What Add accepts, as CardIntake reads it for the program and the app alike: a card form, a credential that
/// carries a card (signed by its owner's did:key), and the refusals, each a sentence with nothing stored.
struct CardIntakeTests {
    @Test func aCardACredentialAndTheRefusals() async throws {
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(ScreenTextTests.container()))
        let bob = try HandshakeAccount.create(name: "Bob Babbage", storage: .directory(ScreenTextTests.container()))
        let intake = CardIntake(book: ada.book)
        let card = try bob.issueCard()

        let fromText = try await intake.read(Array(CardText.qrText(card).utf8))
        #expect(fromText.origin == .card(.qrText) && fromText.card == card && fromText.source(scanned: true) == .qr)
        #expect(fromText.source(scanned: false) == .pasted, "text nobody scanned is recorded as pasted")

        let credential = try VCJWTIssuer.issue(card, identity: bob.identity, now: Date())
        let fromCredential = try await intake.read(Array(credential.utf8))
        #expect(fromCredential.origin == .credential(issuer: bob.identity.didKey.description, status: nil) && fromCredential.card == card)
        guard case .new = fromCredential.preview else {
            Issue.record("Bob is new to Ada")
            return
        }

        await #expect(throws: CardIntakeError.self) { try await intake.read(Array("hello there".utf8)) }
        do {
            _ = try await intake.read(Array("hello there".utf8))
        } catch {
            #expect(error.description.hasPrefix("Rejected: "))
        }
        // A bare share token names no server, and this intake knows none.
        do {
            _ = try await intake.read(Array(String(repeating: "A", count: 43).utf8))
            Issue.record("a bare token with no server is refused")
        } catch {
            #expect(error.description.hasPrefix("This share link names no server"))
        }
        #expect(try ada.book.contacts().isEmpty, "nothing was stored")
    }
}

/// The app's picture path reads a card page link's QR code (drawn by qrencode, which we did not write) to the
/// link's text, and Add reads the card from the link itself: verified, nothing fetched (its server does not
/// exist).
struct CardPageLinkPictureTests {
    @Test func aPictureOfACardPageLinkIsTheCard() async throws {
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(ScreenTextTests.container()))
        let bob = try HandshakeAccount.create(name: "Bob Babbage", storage: .directory(ScreenTextTests.container()))
        let card = try bob.issueCard()
        let link = CardPageLink.link(for: card, server: try #require(URL(string: "https://mailbox.invalid")))
        let picture = FileManager.default.temporaryDirectory.appendingPathComponent("page-link-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: picture) }
        let drawn = try await Tool.run("qrencode", "-l", "M", "-s", "6", "-o", picture.path, link)
        try #require(drawn.status == 0, "qrencode (scripts/install-test-tools installs it): \(drawn.stderr)")

        let read = try await QRPictureReader().read(fileAt: picture.path)
        #expect(PictureRoutes.Answer.of(.success(read)) == .init(text: link))
        let reading = try await CardIntake(book: ada.book).read(read)
        #expect(reading.origin == .card(.link) && reading.card == card && reading.source(scanned: true) == .link)
    }
}
