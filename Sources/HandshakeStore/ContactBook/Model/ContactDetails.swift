@_spi(Wire) import HandshakeCore

/// What a contact says about themselves: the card's optional fields, or an imported vCard's.
///
/// Kept in columns next to the signed card so that listing and searching never re-decode cards; for a
/// verified contact they are always derived from the stored signed bytes, never edited on their own.
public struct ContactDetails: Sendable, Equatable, Codable {
    /// The name the contact goes by.
    public var name: String?
    /// Where the contact works.
    public var company: String?
    /// The contact's job title.
    public var title: String?
    /// A few words about the contact.
    public var bio: String?
    /// Where the contact is, as they put it.
    public var location: String?
    /// Email addresses.
    public var emails: [String]
    /// Phone numbers.
    public var phones: [String]
    /// Pages on social networks and the web.
    public var links: [SocialLink]
    /// What the contact can help with.
    public var skills: [String]

    /// Details from their fields; every one may be absent.
    public init(
        name: String? = nil, company: String? = nil, title: String? = nil, bio: String? = nil, location: String? = nil,
        emails: [String] = [], phones: [String] = [], links: [SocialLink] = [], skills: [String] = []
    ) {
        self.name = name
        self.company = company
        self.title = title
        self.bio = bio
        self.location = location
        self.emails = emails
        self.phones = phones
        self.links = links
        self.skills = skills
    }

    /// The details a signed card carries (its avatar stays in the card bytes).
    public init(_ card: ContactCard) {
        self.init(
            name: card.name, company: card.company, title: card.title, bio: card.bio, location: card.location,
            emails: card.emails, phones: card.phones, links: card.links, skills: card.skills)
    }

    /// The details an address-book vCard carries.
    @_spi(Wire) public init(_ entry: VCardEntry) {
        self.init(
            name: entry.name, company: entry.company, title: entry.title, bio: entry.bio, location: entry.location,
            emails: entry.emails, phones: entry.phones, links: entry.links, skills: entry.skills)
    }

    /// Emails lowercased and phones reduced to their digits (and a leading `+`), for matching one person
    /// across cards and address books.
    var matchKeys: (emails: [String], phones: [String]) {
        (emails.map { $0.lowercased() }, phones.map(Self.normalizedPhone).filter { !$0.isEmpty })
    }

    static func normalizedPhone(_ phone: String) -> String {
        // Almost every phone number is ASCII: keep its digits without asking Unicode about each character.
        let digits = phone.utf8.allSatisfy { $0 < 0x80 }
            ? String(decoding: phone.utf8.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }, as: UTF8.self)
            : phone.filter(\.isNumber)
        return phone.hasPrefix("+") ? "+" + digits : digits
    }

    /// One string per person-as-written: two entries with the same key are duplicates on import. Takes
    /// the match keys already derived, as the record computes them once for both of its columns.
    static func duplicateKey(name: String?, matchKeys keys: (emails: [String], phones: [String])) -> String {
        [(name ?? "").lowercased(), keys.emails.sorted().joined(separator: ","), keys.phones.sorted().joined(separator: ",")]
            .joined(separator: "|")
    }
}
