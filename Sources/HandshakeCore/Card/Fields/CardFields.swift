import Crypto

/// A contact's optional fields: what a card says about its owner, and what a credential, an address-book
/// vCard, the contact book and the screens carry of a person.
///
/// One type for all of them, so a value moves between forms without being copied field by field. Each
/// property is described by a row of the field table (``CardField``); code that handles every field goes
/// through the table and ``subscript(_:)`` (``presentFields``, ``keeping(only:)``) rather than naming them. Field rules are checked
/// by ``validate()``, not here, so previews and tests can hold any value.
public struct CardFields: Sendable, Hashable {
    /// The name the person goes by.
    public var name: String?
    /// A few words about them.
    public var bio: String?
    /// Their picture. Carried by a card and by a vCard's `PHOTO`; not by credentials, nor the book's columns.
    public var avatar: Avatar?
    /// Where they are, as they put it (a city, a campus).
    public var location: String?
    /// Where they work.
    public var company: String?
    /// Their job title.
    public var title: String?
    /// Email addresses, most important first.
    public var emails: [String]
    /// Phone numbers, most important first.
    public var phones: [String]
    /// Their pages on social networks and the web.
    public var links: [SocialLink]
    /// What they can help with, as short tags.
    public var skills: [String]

    /// Fields as given; empty lists for the ones not given.
    public init(
        name: String? = nil, bio: String? = nil, avatar: Avatar? = nil, location: String? = nil, company: String? = nil,
        title: String? = nil, emails: [String] = [], phones: [String] = [], links: [SocialLink] = [], skills: [String] = []
    ) {
        self.name = name
        self.bio = bio
        self.avatar = avatar
        self.location = location
        self.company = company
        self.title = title
        self.emails = emails
        self.phones = phones
        self.links = links
        self.skills = skills
    }
}

/// One field's value, whatever its kind: what ``CardFields/subscript(_:)`` reads and writes.
public enum CardFieldValue: Sendable, Hashable {
    /// A text field's value.
    case text(String)
    /// A list field's entries.
    case list([String])
    /// The social links.
    case links([SocialLink])
    /// The picture.
    case image(Avatar)
}

extension CardFields {
    /// The value of `field`, or `nil` when it holds nothing (an empty list is nothing). Setting `nil` empties
    /// the field; setting a value of another kind than the field's (``CardField/kind``) is ignored.
    ///
    /// Every field has its case here: this is how code that handles every field reaches each one, without
    /// naming it, and the compiler asks for the case of a new field.
    public subscript(field: CardField) -> CardFieldValue? {
        get {
            switch field {
            case .name: Self.value(name)
            case .bio: Self.value(bio)
            case .avatar: avatar.map(CardFieldValue.image)
            case .location: Self.value(location)
            case .company: Self.value(company)
            case .title: Self.value(title)
            case .emails: Self.value(emails)
            case .phones: Self.value(phones)
            case .links: links.isEmpty ? nil : .links(links)
            case .skills: Self.value(skills)
            }
        }
        set {
            switch field {
            case .name: Self.assign(newValue, to: &name)
            case .bio: Self.assign(newValue, to: &bio)
            case .avatar: Self.assign(newValue, to: &avatar)
            case .location: Self.assign(newValue, to: &location)
            case .company: Self.assign(newValue, to: &company)
            case .title: Self.assign(newValue, to: &title)
            case .emails: Self.assign(newValue, to: &emails)
            case .phones: Self.assign(newValue, to: &phones)
            case .links: Self.assign(newValue, to: &links)
            case .skills: Self.assign(newValue, to: &skills)
            }
        }
    }

    private static func value(_ text: String?) -> CardFieldValue? { text.map(CardFieldValue.text) }
    private static func value(_ entries: [String]) -> CardFieldValue? { entries.isEmpty ? nil : .list(entries) }

    private static func assign(_ value: CardFieldValue?, to text: inout String?) {
        switch value {
        case .text(let new)?: text = new
        case nil: text = nil
        default: break
        }
    }

    private static func assign(_ value: CardFieldValue?, to entries: inout [String]) {
        switch value {
        case .list(let new)?: entries = new
        case nil: entries = []
        default: break
        }
    }

    private static func assign(_ value: CardFieldValue?, to links: inout [SocialLink]) {
        switch value {
        case .links(let new)?: links = new
        case nil: links = []
        default: break
        }
    }

    private static func assign(_ value: CardFieldValue?, to avatar: inout Avatar?) {
        switch value {
        case .image(let new)?: avatar = new
        case nil: avatar = nil
        default: break
        }
    }

    /// The fields that hold something, in card order.
    public var presentFields: [CardField] {
        CardField.allCases.filter { self[$0] != nil }
    }

    /// Whether no field holds anything.
    public var isEmpty: Bool { presentFields.isEmpty }

    /// Empties one field.
    public mutating func clear(_ field: CardField) {
        self[field] = nil
    }

    /// A copy holding only `fields`.
    public func keeping(only fields: Set<CardField>) -> CardFields {
        var copy = CardFields()
        for field in fields { copy[field] = self[field] }
        return copy
    }

    /// One field's value as lines of text, to compare and print uniformly: a text as itself, a list's
    /// entries, a link's ``SocialLink/summary``, a picture as its type, size and a short digest.
    public func value(of field: CardField) -> [String] {
        switch self[field] {
        case nil: []
        case .text(let text): [text]
        case .list(let entries): entries
        case .links(let links): links.map(\.summary)
        case .image(let avatar):
            ["\(avatar.mediaType), \(avatar.data.count) bytes, \(Base64URL.encode(SHA256.hash(data: avatar.data).prefix(6)))"]
        }
    }
}
