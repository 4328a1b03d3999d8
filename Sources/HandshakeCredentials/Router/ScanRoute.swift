// Establishes what the scan router found, and the verification status each route has earned. A route is a
// decision for the person to confirm: nothing is stored by routing.
import Foundation
import HandshakeCore

/// How far a route's contact has been verified.
public enum ScanStatus: String, Sendable, Hashable {
    /// A signature by the contact's own key checked out (a Handshake card, or a VC-JWT by its did:key).
    case verified
    /// Contact fields nobody signed (a plaintext envelope, a vCard without a Handshake card), or a link whose
    /// card is checked only once it is fetched.
    case unverified
    /// Not a contact at all (a presentation request).
    case notAContact = "not-a-contact"
}

/// Where the scan router sends scanned text, with what it read.
public enum ScanRoute: Sendable, Equatable {
    /// A Handshake card in one of its forms, verified in full (`CardText/read(_:form:now:verifier:)`).
    case handshakeCard(SignedCard, form: CardForm)
    /// A VC-JWT card (alone, in a VP token, or in a `didSigned` envelope) whose signature checked out.
    case credential(VerifiedCredential)
    /// Contact fields without any signature: a `plaintext` envelope or a vCard without a Handshake card.
    case unverifiedContact(CardFields, from: ScanKind)
    /// A Freepath card whose signature by its own key checked out.
    case freepathCard(FreepathCard)
    /// A Handshake share link: the card it leads to is fetched from the mailbox and verified then.
    case shareLink(URL)
    /// An OpenID4VP authorization request: the presentation flow, not a contact.
    case presentationRequest(PresentationRequest)

    /// The verification status this route earned.
    public var status: ScanStatus {
        switch self {
        case .handshakeCard, .credential, .freepathCard: return .verified
        case .unverifiedContact, .shareLink: return .unverified
        case .presentationRequest: return .notAContact
        }
    }

    /// A short name for the route, as `scan --json` and the tests write it.
    public var name: String {
        switch self {
        case .handshakeCard: return "handshake-card"
        case .credential: return "credential"
        case .freepathCard: return "freepath-card"
        case .unverifiedContact: return "unverified-contact"
        case .shareLink: return "share-link"
        case .presentationRequest: return "presentation-request"
        }
    }
}
