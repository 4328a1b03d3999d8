import HandshakeCore

/// How a contact's current card reached this book.
public enum ContactSource: String, Sendable, Codable, CaseIterable {
    /// Scanned from a QR code: a camera, or a picture of the code.
    case qr
    /// A card's text (`HS1:`, or a credential carrying a card) pasted, typed, given as an argument or read
    /// from a file: the same card as a QR code's, but nobody scanned it (issue 36).
    case pasted
    /// Typed or read aloud as a grouped code.
    case code
    /// Opened from a `handshake://card#` link.
    case link
    /// A single vCard carrying a signed Handshake card.
    case vcard
    /// The nearby exchange (local network or Bluetooth LE).
    case nearby
    /// An NFC tap that bootstrapped a nearby exchange.
    case nfc
    /// An accepted friend request from the mailbox server.
    case serverRequest
    /// An address-book import: vCards without a verified signature.
    case `import`

    /// How a card read from text came, once the front end says whether a QR code was scanned for it: a
    /// scanned code keeps the form's own source, text that was not scanned (pasted, typed, from a file) is
    /// ``pasted`` where the form alone would say ``qr``. A link, a grouped code and a vCard say what they are.
    public func arrived(scanned: Bool) -> ContactSource {
        self == .qr && !scanned ? .pasted : self
    }
}

extension ContactSource {
    /// The source a card form implies: a QR code for QR text and binary cards, and so on (``arrived(scanned:)``
    /// says ``pasted`` when no code was scanned).
    public init(form: CardForm) {
        switch form {
        case .qrText, .cbor: self = .qr
        case .code: self = .code
        case .link: self = .link
        case .vcard: self = .vcard
        }
    }
}
