/// The optional fields of a contact card: the ones its owner may fill in and choose to share.
///
/// Everything Handshake knows about a field is one row of the field table (`CardField+Table.swift`): where
/// its value lives in ``CardFields``, its key in the card's CBOR map, its limits, its name for people, its
/// vCard property, its meaning in a credential and the contact-book column that keeps it. The card's CBOR and
/// JSON forms, its rules, vCard, credentials, the book and the front ends all read that table, so a new field
/// is a row there, a stored property of ``CardFields`` (with its case in that type's subscript) and a book
/// migration (docs/card-fields.md).
///
/// The raw value is the field's name in JSON, in a credential's `credentialSubject`, on the command line and
/// in the sharing profile.
public enum CardField: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// The owner's name, a short bio, an avatar image, where they are, their company and job title, and the lists
    /// of email addresses, phone numbers, social links and skills.
    case name, bio, avatar, location, company, title, emails, phones, links, skills

    /// The integer key of the field in the card's CBOR map (docs/formats/card.md).
    public var cborKey: Int { row.cborKey }

    /// The field's name on a screen, capitalised: "Email addresses".
    public var label: String { row.label }

    /// The field's name in a sentence: "email addresses" ("The card has 9 email addresses").
    public var noun: String { row.noun }

    /// The kind of value the field holds, and its limits.
    public var kind: Kind { row.kind }

    /// Whether a credential (a VC-JWT's `credentialSubject`, a plaintext envelope) carries the field. The
    /// avatar is not carried: a credential stays small enough for a QR code.
    public var isCredentialClaim: Bool { row.linkedData != nil }

    /// Every field a person types and reads as text, in card order: all but the picture, which is chosen as a
    /// file and shown as an image. These are the boxes of a card editor and the rows of a card on a screen.
    public static let textFields: [CardField] = allCases.filter { if case .image = $0.kind { false } else { true } }

    /// Orders fields as the card's CBOR map does, so lists of fields read the same everywhere.
    public static func < (lhs: CardField, rhs: CardField) -> Bool { lhs.cborKey < rhs.cborKey }

    /// Accepts the singular spellings too (`email`, `phone`, `link`, `skill`), as people type them.
    public init?(name: String) {
        let lowered = name.lowercased()
        if let field = CardField(rawValue: lowered) {
            self = field
        } else if let field = CardField(rawValue: lowered + "s") {
            self = field
        } else {
            return nil
        }
    }
}

extension CardField {
    /// What a field holds, with the limits ``CardFields/validate()`` applies.
    public enum Kind: Sendable, Hashable {
        /// Text of at most `limit` Unicode scalars; line breaks only where `multiline`.
        case text(limit: Int, multiline: Bool)
        /// A list of at most `count` entries, each checked as `entry` says.
        case list(count: Int, entry: ListEntry)
        /// A list of at most `count` ``SocialLink``s.
        case links(count: Int)
        /// A PNG or JPEG ``Avatar`` of at most `bytes` bytes.
        case image(bytes: Int)
    }

    /// How each entry of a list field is checked.
    public enum ListEntry: Sendable, Hashable {
        /// One line of text of at most `limit` Unicode scalars.
        case text(limit: Int)
        /// An email address (one `@`, no spaces), of at most ``CardLimits/emailLength``.
        case email
        /// A phone number (digits, spaces and `+ - ( ) .`), of at most ``CardLimits/phoneLength``.
        case phone
    }
}
