// Establishes the contact fields that travel outside a signed Handshake card: in a credential's
// `credentialSubject` and in unverified imports (a plaintext envelope, a vCard without a signature). It says
// nothing about who wrote them; whether they are verified is the route's business (`ScanRoute.status`).
import HandshakeCore

/// A contact's fields as a Verifiable Credential or an unverified import carries them: the card's optional
/// fields, without keys. JSON keys are the field names of docs/formats/card.md.
public struct CardFields: Sendable, Hashable, Codable {
    /// The person's name, as in `ContactCard`.
    public var name: String?
    /// A few words about them.
    public var bio: String?
    /// Where they are, as they say it.
    public var location: String?
    /// Their company or organisation.
    public var company: String?
    /// Their job title.
    public var title: String?
    /// Email addresses, in the order given.
    public var emails: [String]
    /// Phone numbers, in the order given.
    public var phones: [String]
    /// Links to their profiles elsewhere.
    public var links: [SocialLink]
    /// Skills they list.
    public var skills: [String]

    /// Fields as given; empty lists for the ones not given.
    public init(
        name: String? = nil, bio: String? = nil, location: String? = nil, company: String? = nil, title: String? = nil,
        emails: [String] = [], phones: [String] = [], links: [SocialLink] = [], skills: [String] = []
    ) {
        self.name = name
        self.bio = bio
        self.location = location
        self.company = company
        self.title = title
        self.emails = emails
        self.phones = phones
        self.links = links
        self.skills = skills
    }

    /// The fields of a card (its avatar is not carried: a credential stays small enough for a QR code).
    public init(_ card: ContactCard) {
        self.init(
            name: card.name, bio: card.bio, location: card.location, company: card.company, title: card.title,
            emails: card.emails, phones: card.phones, links: card.links, skills: card.skills)
    }

    /// Whether no field holds anything.
    public var isEmpty: Bool {
        name == nil && bio == nil && location == nil && company == nil && title == nil && emails.isEmpty && phones.isEmpty
            && links.isEmpty && skills.isEmpty
    }

    enum CodingKeys: String, CodingKey {
        case name, bio, location, company, title, emails, phones, links, skills
    }

    /// Reads the JSON form; absent lists are empty. The fields are mapped as credentials and envelopes map
    /// them, by one piece of code.
    public init(from decoder: any Decoder) throws {
        do {
            try self.init(json: JSONObject(JSONValue(from: decoder)))
        } catch let error as JSONShapeError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Absent fields and empty lists are left out, so the JSON holds only what the card shares.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(bio, forKey: .bio)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encodeIfPresent(company, forKey: .company)
        try container.encodeIfPresent(title, forKey: .title)
        if !emails.isEmpty { try container.encode(emails, forKey: .emails) }
        if !phones.isEmpty { try container.encode(phones, forKey: .phones) }
        if !links.isEmpty { try container.encode(links, forKey: .links) }
        if !skills.isEmpty { try container.encode(skills, forKey: .skills) }
    }
}
