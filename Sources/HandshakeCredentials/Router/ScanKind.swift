// Establishes what scanned text looks like, judged from its first characters alone: the cheap first step of
// the scan router, which decides which reader to run and runs no decoder and checks no signature itself.
import HandshakeCore

/// What a scanned text is, as recognised by ``ScanRouter/classify(_:)``. The first group are routes the
/// router reads; the rest are texts it recognises in order to say what they are, and refuses.
public enum ScanKind: String, Sendable, Hashable, CaseIterable {
    /// A Handshake card: binary, QR text `HS1:`, a `handshake://card#` link, a card page link or a typed card code.
    case handshakeCard = "handshake-card"
    /// A vCard (`BEGIN:VCARD`): a Handshake card when it carries one, otherwise an unverified contact.
    case vCard = "vcard"
    /// A Handshake share link (`handshake://contact/…` or `https://…/share/contact/…`).
    case handshakeShareLink = "handshake-share-link"
    /// A Freepath card (`freepath://contact/v1/…`).
    case freepathCard = "freepath-card"
    /// An OpenID4VP authorization request (`openid4vp://…`, or an https link with its parameters).
    case presentationRequest = "presentation-request"
    /// A JSON envelope with a `format` (`plaintext`, `didSigned`, `zkProof`).
    case jsonEnvelope = "json-envelope"
    /// A compact JWT (`eyJ…`): a VC-JWT card or a VP token.
    case compactJWT = "jwt"

    /// A web link.
    case url
    /// A Wi-Fi network code (`WIFI:`).
    case wifi
    /// An EU Digital COVID Certificate (`HC1:`).
    case euHealthCertificate = "eu-dcc"
    /// A MECARD contact (`MECARD:`), a format without any signature.
    case meCard = "mecard"
    /// A place (`geo:`).
    case geo
    /// A phone number (`tel:`).
    case phone
    /// An email address (`mailto:`).
    case email
    /// A text message (`sms:` / `smsto:`).
    case sms
    /// A calendar event (`BEGIN:VEVENT` / `BEGIN:VCALENDAR`).
    case calendarEvent = "calendar-event"
    /// A one-time-password setup code (`otpauth://`).
    case oneTimePassword = "otpauth"
    /// Another link with a scheme (`something:…`).
    case otherLink = "other-link"
    /// JSON that is not an envelope.
    case json
    /// Nothing but spaces.
    case empty
    /// Bytes that are not UTF-8 text.
    case binary
    /// Anything else.
    case plainText = "plain-text"

    /// Whether the router reads this kind (the first group) rather than only naming it.
    public var isReadable: Bool {
        switch self {
        case .handshakeCard, .vCard, .handshakeShareLink, .freepathCard, .presentationRequest, .jsonEnvelope, .compactJWT:
            return true
        default:
            return false
        }
    }

    /// What the text looks like, for the sentence that refuses it: "a web link", "a Wi-Fi network code"….
    public var looksLike: String {
        switch self {
        case .handshakeCard: return "a Handshake card"
        case .vCard: return "a vCard"
        case .handshakeShareLink: return "a Handshake share link"
        case .freepathCard: return "a Freepath contact card"
        case .presentationRequest: return "a request to present credentials (OpenID4VP)"
        case .jsonEnvelope: return "a card envelope (JSON)"
        case .compactJWT: return "a signed token (JWT)"
        case .url: return "a web link"
        case .wifi: return "a Wi-Fi network code"
        case .euHealthCertificate: return "an EU Digital COVID Certificate"
        case .meCard: return "a MECARD contact"
        case .geo: return "a map location"
        case .phone: return "a phone number"
        case .email: return "an email address"
        case .sms: return "a text-message link"
        case .calendarEvent: return "a calendar event"
        case .oneTimePassword: return "a one-time-password setup code"
        case .otherLink: return "a link"
        case .json: return "JSON data"
        case .empty: return "empty"
        case .binary: return "binary data"
        case .plainText: return "plain text"
        }
    }
}
