// Establishes why Add refused what it was given, each as a sentence; nothing was stored in any case.
import HandshakeCore
import HandshakeCredentials
import HandshakeMailbox
import HandshakeStore

/// Why ``CardIntake`` read no card.
public enum CardIntakeError: HandshakeError {
    /// Not a Handshake card that verifies, nor anything that could carry one: the card reader's reason.
    case notACard(CardRejection)
    /// Text meant as a share link that breaks its grammar (a query, a user name, plain http elsewhere than
    /// this computer…): nothing was sent.
    case shareLinkRefused(ShareLinkError)
    /// A share link that names no server, and the account has none registered.
    case shareLinkNamesNoServer
    /// The share link's server refused it or could not be reached. `ownerName` is the link owner's name in
    /// the book, when they are a contact, so a refusal can say whom to ask for a new link.
    case shareLink(MailboxClientError, ownerName: String?)
    /// A credential or envelope that did not verify.
    case credential(ScanError)
    /// A verified credential that carries no Handshake card.
    case credentialWithoutCard(issuer: String)
    /// Something that can be scanned but not added (`looksLike`: "an OpenID4VP request", …).
    case notAddable(looksLike: String)
    /// The contact book could not make the preview (a stored card that no longer verifies, a book that
    /// cannot be read).
    case book(ContactBookError)

    /// The sentence to show, starting "Rejected:" where the input itself was refused.
    public var description: String {
        switch self {
        case .notACard(let rejection): "Rejected: \(rejection.description)"
        case .shareLinkRefused(let error): "Rejected: \(error.description)"
        case .shareLinkNamesNoServer:
            "This share link names no server: register with the server it came from first (handshake server register --server URL), or give its https:// form."
        case .shareLink(.refused(let refusal, _), let ownerName): ShareLink.sentence(for: refusal, ownerName: ownerName)
        case .shareLink(let error, _): error.description
        case .credential(let error): "Rejected: \(error.description)"
        case .credentialWithoutCard(let issuer):
            "Rejected: this credential is verified (signed by \(issuer)), but it carries no Handshake card to add; `handshake scan` shows its fields."
        case .notAddable(let looksLike): "Rejected: this is \(looksLike), not a card that can be added; `handshake scan` says what it holds."
        case .book(let error): error.description
        }
    }
}
