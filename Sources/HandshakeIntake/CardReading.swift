// Establishes the one thing reading a card gives an app: the verified card, how it came, and what keeping it
// would do. Where the card came from for the book (`ContactSource`) is not a second field beside how it came
// (`Origin`): it is derived from it, once the front end says whether a code was scanned.
import Foundation
import HandshakeCore
import HandshakeStore

/// What ``CardIntake`` read: a verified card, how it came, and what keeping it would do. Nothing is stored.
///
/// It is the only reading type: every front end (the program's `add`, the web app's Add, an app's scanner)
/// shows ``preview`` (HandshakePresentation's `AddOffer` says what to offer for it), asks the person, and then
/// keeps the card by the book's one receive rule:
///
/// ```swift
/// let reading = try await intake.read(scannedBytes)
/// // show reading.preview; the person answers
/// let outcome = try book.receive(reading.card, source: reading.source(scanned: true), answer: answer)
/// ```
public struct CardReading: Sendable {
    /// The card, its signature checked.
    public var card: SignedCard
    /// How the card came: a card form, a share link, a credential.
    public var origin: Origin
    /// What keeping the card would do (new, an update, a replay, a conflict, a blocked person), as the book
    /// said when it was read; the receive rule decides again when it stores.
    public var preview: ReceivePreview
    /// Who the card is to the book by its key: a contact, a namesake of contacts (another key with their
    /// name: never them), or a stranger (`ContactBook.nameClaim(of:)`).
    public var claim: NameClaim

    /// A reading of `card`, which came as `origin`, previewed as `preview`, its name judged as `claim`.
    public init(card: SignedCard, origin: Origin, preview: ReceivePreview, claim: NameClaim) {
        self.card = card
        self.origin = origin
        self.preview = preview
        self.claim = claim
    }

    /// How a card came to Add.
    public enum Origin: Sendable, Equatable {
        /// A Handshake card in `form`: QR text, a `handshake://card#` link, a typed code, binary or a vCard.
        case card(CardForm)
        /// A share link, resolved on `server` (the link is not used up).
        case shareLink(server: URL)
        /// A verified credential signed by `issuer`, carrying the card; `status` is the sentence to show when
        /// the credential names a status Handshake does not check (`VerifiedCredential.statusSentence`).
        case credential(issuer: String, status: String?)
    }

    /// Where the book should record the card came from if it is kept: a card form says it (a link, a code,
    /// a vCard; QR text or a binary card is a QR code), a share link is a link, a credential is the code it
    /// was in. Text that was not `scanned` (pasted, typed, from a file) is `ContactSource.pasted` where a
    /// QR code would be said (`ContactSource.arrived(scanned:)`).
    public func source(scanned: Bool) -> ContactSource {
        switch origin {
        case .card(let form): ContactSource(form: form).arrived(scanned: scanned)
        case .shareLink: .link
        case .credential: ContactSource.qr.arrived(scanned: scanned)
        }
    }
}
