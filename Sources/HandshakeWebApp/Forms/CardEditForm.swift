// Establishes what the card editor's form carries and how it becomes your card's fields: one box per field of
// the field table (named by the field's raw value), a box "share-FIELD" ticked for each field people receive.
// The rules are the card's (`CardProfile.edit` checks every field and the signed card's size; nothing is saved
// unless all of it passes); the form only carries what was typed, and is shown again with the reason when it
// is refused. How boxes become fields (lines, commas, links in `handshake card set --link`'s short form) is the
// presentation layer's `CardDraft`.
import Foundation
import HandshakeCore
import HandshakePresentation

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

    /// What was typed, as the presentation layer's draft: each box an entry per line (`CardDraft` holds the
    /// rule, the same as `handshake card set`'s).
    var draft: CardDraft {
        var draft = CardDraft()
        for field in CardField.textFields { draft.set(field, box: self[field]) }
        return draft
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
