// Establishes what Add accepts, for every front end: whatever a person pastes, types, scans or opens is read
// into one verified card and what adding it would do, before anything is stored. In order: a share link
// (read strictly, then its card fetched with one request from the server that made it, within the addresses
// ShareLink's rule allows, or from the account's own server for a link that names none: looking does not
// use the link up); a Handshake card in any of its forms; a Verifiable Credential (VC-JWT) or card
// envelope that carries a Handshake card. Anything else is refused with the sentence of the reader that
// came closest. It stores nothing and asks nothing: the front end shows the preview and the book's receive
// rule keeps the card once the person answered.
import Foundation
import HandshakeCore
import HandshakeCredentials
import HandshakeMailbox
import HandshakeStore

/// Reads what a person gave to Add into a verified `ScannedCard` (HandshakeStore).
///
/// ```swift
/// let intake = CardIntake(book: account.book, mailbox: MailboxRegistration(directory: home))
/// let reading = try await intake.read(Array(pasted.utf8))
/// // show reading.scanned.preview, then: account.receive(reading.scanned.card, source: reading.scanned.source, answer: …)
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

    /// What was read, and how it came.
    public struct Reading: Sendable {
        /// The verified card and what adding it would do.
        public var scanned: ScannedCard
        /// How the card came.
        public var via: Via
    }

    /// How a card came to Add.
    public enum Via: Sendable, Equatable {
        /// A Handshake card form: QR text, a `handshake://card#` link, a typed code, binary or a vCard.
        case card
        /// A share link, resolved on `server` (the link is not used up).
        case shareLink(server: URL)
        /// A verified credential signed by `issuer`, carrying the card; `status` is the sentence to show when
        /// the credential names a status Handshake does not check (`VerifiedCredential.statusSentence`).
        case credential(issuer: String, status: String?)
    }

    /// Reads `input` (as it arrived: text or bytes) into a verified card and its preview. Stores nothing.
    public func read(_ input: [UInt8], now: Date = Date()) async throws(CardIntakeError) -> Reading {
        if let text = String(validating: input, as: UTF8.self), ShareLink.looksLikeShareLink(text) || ShareLink(parsing: text) != nil {
            let link: ShareLink
            do throws(ShareLinkError) {
                link = try ShareLink(validating: text)
            } catch {
                throw .shareLinkRefused(error)
            }
            let (card, server) = try await resolve(link)
            return Reading(scanned: ScannedCard(card: card, form: .cbor, source: .link, preview: try preview(card)), via: .shareLink(server: server))
        }
        do {
            return Reading(scanned: try book.read(input, now: now), via: .card)
        } catch let rejection as CardRejection {
            guard Self.mayCarryCard(input) else { throw .notACard(rejection) }
        } catch {
            throw .book(error.localizedDescription)
        }
        let (card, credential) = try await credentialCard(input, now: now)
        return Reading(
            scanned: ScannedCard(card: card, form: .cbor, source: .qr, preview: try preview(card)),
            via: .credential(issuer: credential.issuer.description, status: credential.statusSentence))
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
            throw .shareLink(refusalSentence(error, about: link))
        }
    }

    /// Why `link` gave no card, naming its owner when the book knows them: asking the server for their card
    /// would be a second request to a server the link chose.
    func refusalSentence(_ error: MailboxClientError, about link: ShareLink) -> String {
        guard case .refused(let refusal, let refusedOwner) = error else { return error.description }
        let owner = link.owner ?? refusedOwner
        let name = owner.flatMap { try? book.contact(nodeID: $0) }?.displayName
        return ShareLink.sentence(for: refusal, ownerName: name)
    }

    /// The Handshake card inside a verified credential; a credential without one (another wallet's) has no
    /// key a contact could be kept under.
    func credentialCard(_ input: [UInt8], now: Date) async throws(CardIntakeError) -> (SignedCard, VerifiedCredential) {
        let result: ScanResult
        do {
            result = try await ScanRouter().read(input, now: now)
        } catch {
            throw .credential(error.description)
        }
        switch result.route {
        case .credential(let credential):
            guard let card = credential.handshakeCard else { throw .credentialWithoutCard(issuer: credential.issuer.description) }
            return (card, credential)
        default:
            throw .notAddable(looksLike: result.kind.looksLike)
        }
    }

    func preview(_ card: SignedCard) throws(CardIntakeError) -> ReceivePreview {
        do {
            return try book.receive(card)
        } catch {
            throw .book(error.localizedDescription)
        }
    }
}
