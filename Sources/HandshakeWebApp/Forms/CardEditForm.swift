// Establishes what the card editor's form carries and how it becomes your card's fields: one box per field of
// the field table (named by the field's raw value), a box "share-FIELD" ticked for each field people receive.
// The rules are the card's (`CardProfile.edit` checks every field and the signed card's size; nothing is saved
// unless all of it passes); the form only carries what was typed, and is shown again with the reason when it
// is refused. Links are typed one per line in the short form `handshake card set --link` takes (SocialLink's).
import Foundation
import HandshakeCore

/// The fields a person types in the card editor.
struct CardEditForm: Sendable {
    /// What each box holds (a box left out of the form is empty).
    var boxes: [CardField: String] = [:]
    var shared: Set<CardField> = []
    /// The photo the card has now (not typed: shown beside the form).
    var avatar: Avatar?

    /// The value a ticked sharing box sends.
    static let ticked = "yes"

    /// The name of the box of `field`.
    static func boxName(_ field: CardField) -> String { field.rawValue }

    /// The name of the box that shares `field`.
    static func shareName(_ field: CardField) -> String { "share-" + field.rawValue }

    /// The boxes as `card` fills them, with the fields `shared`.
    init(_ card: ContactCard, shared: Set<CardField>) {
        for field in CardField.textFields {
            switch card.fields[field] {
            case .text(let text)?: boxes[field] = text
            case .list(let entries)?: boxes[field] = entries.joined(separator: "\n")
            case .links(let links)?: boxes[field] = links.map(\.shortForm).joined(separator: "\n")
            case .image?, nil: boxes[field] = ""
            }
        }
        avatar = card.avatar
        self.shared = shared
    }

    /// What the box of `field` holds.
    subscript(field: CardField) -> String {
        get { boxes[field] ?? "" }
        set { boxes[field] = newValue }
    }

    /// The typed links of each links field, one per line; the sentence for the first line that is not a link.
    func parsedLinks() -> Result<[CardField: [SocialLink]], LinkLineError> {
        var parsed: [CardField: [SocialLink]] = [:]
        for field in CardField.textFields {
            guard case .links = field.kind else { continue }
            let lines = self[field].replacingOccurrences(of: "\r", with: "").split(separator: "\n", omittingEmptySubsequences: false)
            var links: [SocialLink] = []
            for (number, line) in lines.enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                if text.isEmpty { continue }
                guard let link = SocialLink(commandLine: text) else {
                    return .failure(LinkLineError(field: field, line: number + 1, text: text))
                }
                links.append(link)
            }
            parsed[field] = links
        }
        return .success(parsed)
    }

    /// Writes what was typed into `card`: an empty box clears its field; lists split at line ends (lists of
    /// plain text, like skills, at commas too).
    func apply(to card: inout ContactCard, links: [CardField: [SocialLink]]) {
        func text(_ value: some StringProtocol) -> String? {
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }
        for field in CardField.textFields {
            let box = self[field].replacingOccurrences(of: "\r", with: "")
            switch field.kind {
            case .text: card.fields[field] = text(box).map(CardFieldValue.text)
            case .list(_, .text): card.fields[field] = .list(box.split(whereSeparator: { $0 == "\n" || $0 == "," }).compactMap(text))
            case .list: card.fields[field] = .list(box.split(separator: "\n").compactMap(text))
            case .links: card.fields[field] = .links(links[field] ?? [])
            case .image: continue
            }
        }
    }

    /// A line of a links box that is not a link.
    struct LinkLineError: HandshakeError, Equatable {
        let field: CardField
        let line: Int
        let text: String
        var description: String {
            "Line \(line) of \(field.label), “\(text)”, is not a link: write platform=address, for example github=https://github.com/ada, or platform=@handle."
        }
    }
}

extension CardEditForm: Decodable {
    init(from decoder: any Decoder) throws {
        let form = try decoder.container(keyedBy: FormKey.self)
        for field in CardField.textFields {
            boxes[field] = try form.decodeIfPresent(String.self, forKey: FormKey(Self.boxName(field))) ?? ""
        }
        shared = Set(try CardField.allCases.filter { try form.decodeIfPresent(String.self, forKey: FormKey(Self.shareName($0))) == Self.ticked })
    }
}
