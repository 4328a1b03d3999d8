// Establishes what Add accepts, for every front end: whatever a person pastes, types, scans or opens is read
// into one verified card and what adding it would do, before anything is stored. In order: a share link
// (read strictly, then its card fetched with one request from the server that made it, within the addresses
// ShareLink's rule allows, or from the account's own server for a link that names none: looking does not
// use the link up); a Handshake card in any of its forms; a Verifiable Credential (VC-JWT) or card
// envelope that carries a Handshake card. Anything else is refused with the sentence of the reader that
// came closest. It stores nothing and asks nothing: the front end shows the preview and the book's receive
// rule keeps the card once the person answered. What it gives is one `CardReading`.
import Foundation
import HandshakeCore
import HandshakeCredentials
import HandshakeMailbox
import HandshakeStore

/// Reads what a person gave to Add into a verified card and what keeping it would do (a ``CardReading``).
///
/// This is the one way to read a card, for every front end: bytes from a camera, a picture, a paste, a
/// file or an NFC record go to ``read(_:now:)``, whatever they turn out to be. The layers under it each do
/// one part and are not a second way in: HandshakeCore's `CardText.read` reads the card forms alone (no
/// share link, no credential, no book), and the book's `ContactBook.preview(_:)` says what a verified card
/// would do. Keeping is a separate verb, `ContactBook.receive(_:source:answer:now:)`, once the person answered.
///
/// ```swift
/// let intake = CardIntake(book: account.book, mailbox: MailboxRegistration(directory: home))
/// let reading = try await intake.read(Array(pasted.utf8))
/// // show reading.preview, then:
/// try account.book.receive(reading.card, source: reading.source(scanned: false), answer: …)
/// ```
public struct CardIntake: Sendable {
    /// The book the preview is made against.
    public let book: ContactBook
    /// Where the account's server is remembered: it resolves a share link that names none.
    public let mailbox: MailboxRegistration?

    /// How a share link's server is asked: the time limit (30 s by default, a deadline for the whole call)
    /// and the answer's size limit. Which server and which addresses is `ShareLink`'s rule, not this.
    public var mailboxConfiguration = MailboxClient.Configuration()

    /// An intake previewing against `book`; `mailbox` resolves bare share tokens.
    public init(book: ContactBook, mailbox: MailboxRegistration? = nil) {
        self.book = book
        self.mailbox = mailbox
    }

    /// Reads `input` (as it arrived: text or bytes) into a verified card and its preview. Stores nothing.
    public func read(_ input: [UInt8], now: Date = Date()) async throws(CardIntakeError) -> CardReading {
        if let text = String(validating: input, as: UTF8.self), ShareLink.looksLikeShareLink(text) || ShareLink(parsing: text) != nil {
            let link: ShareLink
            do throws(ShareLinkError) {
                link = try ShareLink(validating: text)
            } catch {
                throw .shareLinkRefused(error)
            }
            let (card, server) = try await resolve(link)
            return try reading(card, origin: .shareLink(server: server))
        }
        let read: (card: SignedCard, form: CardForm)?
        do throws(CardRejection) {
            read = try CardText.read(input, now: now)
        } catch {
            guard Self.mayCarryCard(input) else { throw .notACard(error) }
            read = nil
        }
        if let read { return try reading(read.card, origin: .card(read.form)) }
        let (card, credential) = try await credentialCard(input, now: now)
        return try reading(card, origin: .credential(issuer: credential.issuer.description, status: credential.statusSentence))
    }

    /// Whether `input` is shaped like a VC-JWT or a JSON card envelope: something that may carry a Handshake
    /// card inside (only the shape; nothing is verified here).
    public static func mayCarryCard(_ input: [UInt8]) -> Bool {
        [.compactJWT, .jsonEnvelope].contains(ScanRouter.classify(input))
    }

    /// The verified card behind `link`, and the server it was resolved on: one request, to the server and
    /// the addresses `ShareLink.resolution(registered:)` allows.
    func resolve(_ link: ShareLink) async throws(CardIntakeError) -> (SignedCard, URL) {
        guard let client = MailboxClient.resolving(link, registered: mailbox?.server(), configuration: mailboxConfiguration) else {
            throw .shareLinkNamesNoServer
        }
        do throws(MailboxClientError) {
            return (try await client.resolve(link).card, client.server)
        } catch {
            throw .shareLink(error, ownerName: ownerName(error, of: link))
        }
    }

    /// The name the book knows for the owner of a refused `link`, so the refusal can say whom to ask for a
    /// new one: asking the server for their card would be a second request to a server the link chose.
    func ownerName(_ error: MailboxClientError, of link: ShareLink) -> String? {
        guard case .refused(_, let refusedOwner) = error else { return nil }
        return (link.owner ?? refusedOwner).flatMap { try? book.contact(nodeID: $0) }?.displayName
    }

    /// The Handshake card inside a verified credential; a credential without one (another wallet's) has no
    /// key a contact could be kept under.
    func credentialCard(_ input: [UInt8], now: Date) async throws(CardIntakeError) -> (SignedCard, VerifiedCredential) {
        let result: ScanResult
        do throws(ScanError) {
            result = try await ScanRouter().read(input, now: now)
        } catch {
            throw .credential(error)
        }
        switch result.route {
        case .credential(let credential):
            guard let card = credential.handshakeCard else { throw .credentialWithoutCard(issuer: credential.issuer.description) }
            return (card, credential)
        default:
            throw .notAddable(looksLike: result.kind.looksLike)
        }
    }

    /// The reading of a verified `card`: what keeping it would do, and who its name says it is.
    func reading(_ card: SignedCard, origin: CardReading.Origin) throws(CardIntakeError) -> CardReading {
        do throws(ContactBookError) {
            return CardReading(card: card, origin: origin, preview: try book.preview(card), claim: try book.nameClaim(of: card))
        } catch {
            throw .book(error)
        }
    }
}
