import HandshakeCore

/// How a contact's current card reached this book.
public enum ContactSource: String, Sendable, Codable, CaseIterable {
    /// Scanned from a QR code (or its `HS1:` text).
    case qr
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
}

extension ContactSource {
    /// The source a card form implies: a QR code for QR text and binary cards, and so on.
    public init(form: CardForm) {
        switch form {
        case .qrText, .cbor: self = .qr
        case .code: self = .code
        case .link: self = .link
        case .vcard: self = .vcard
        }
    }
}
