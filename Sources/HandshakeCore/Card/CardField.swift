/// The optional fields of a contact card: the ones its owner may fill in and choose to share.
///
/// The raw value is the field's name in JSON output, on the command line and in the sharing profile.
public enum CardField: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// The owner's name, a short bio, an avatar image, where they are, their company and job title, and the lists
    /// of email addresses, phone numbers, social links and skills.
    case name, bio, avatar, location, company, title, emails, phones, links, skills

    /// The integer key of the field in the card's CBOR map (docs/formats/card.md).
    public var cborKey: Int {
        switch self {
        case .name: return 6
        case .bio: return 7
        case .avatar: return 8
        case .location: return 9
        case .company: return 10
        case .title: return 11
        case .emails: return 12
        case .phones: return 13
        case .links: return 14
        case .skills: return 15
        }
    }

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
