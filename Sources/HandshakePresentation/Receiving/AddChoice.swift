// Establishes what Add may offer for a card, decided once from the book's preview (`ReceivePreview`): someone
// new is added or ignored; someone new who shares an email or phone with contacts may be merged into one of
// them, added separately or ignored; a newer card of a contact updates it or is left; the same or an older
// card, a blocked person's card and a conflicting key offer nothing (there is nothing to decide). The
// sentence above the choices and the words on each are here too.
import HandshakeStore

/// One answer Add may offer.
public enum AddChoice: Sendable, Equatable {
    /// Add someone new.
    case add
    /// Make the card this contact's new identity.
    case merge(into: Contact)
    /// Add someone new even though they share an email or phone with contacts.
    case addSeparately
    /// Take a contact's newer card.
    case update
    /// Keep the card the book has.
    case keepCurrent
    /// Store nothing.
    case ignore

    /// What the person is choosing, as the book takes it (`nil` for ``keepCurrent``: nothing to hand the
    /// book), with `trust` for someone new.
    public func answer(trust: TrustLevel) -> ReceiveAnswer? {
        switch self {
        case .add, .update: .add(trust: trust)
        case .merge(let contact): .merge(into: contact.id)
        case .addSeparately: .addSeparately(trust: trust)
        case .keepCurrent: nil
        case .ignore: .ignore
        }
    }

    /// The words on its button, about `name` (the card's ``DisplayName``).
    public func label(name: String) -> Sentence {
        switch self {
        case .add: "Add \(name)"
        case .merge(let contact): "Merge into \(contact.displayName)"
        case .addSeparately: "Add separately"
        case .update: "Update \(name)"
        case .keepCurrent: "Keep the card you have"
        case .ignore: "Ignore"
        }
    }
}

/// What Add offers for a previewed card.
public enum AddOffer {
    /// The choices, in the order they are offered; empty when there is nothing to decide.
    public static func choices(for preview: ReceivePreview) -> [AddChoice] {
        switch preview {
        case .new(_, let matches) where matches.isEmpty: [.add, .ignore]
        case .new(_, let matches): matches.map(AddChoice.merge(into:)) + [.addSeparately, .ignore]
        case .update: [.update, .keepCurrent]
        case .notNewer, .keyConflict, .blocked: []
        }
    }

    /// The contact the card is about, when the book has one.
    public static func contact(in preview: ReceivePreview) -> Contact? {
        switch preview {
        case .new: nil
        case .update(let contact, _, _), .notNewer(let contact), .keyConflict(let contact), .blocked(let contact): contact
        }
    }

    /// Whether the card is a refusal (a conflicting key), shown as a problem.
    public static func isRefusal(_ preview: ReceivePreview) -> Bool {
        if case .keyConflict = preview { true } else { false }
    }

    /// Whether the choices include a trust level for someone new.
    public static func asksTrust(_ preview: ReceivePreview) -> Bool {
        if case .new = preview { true } else { false }
    }

    /// The question a prompt asks for `preview`'s choices (the program's, where the web app draws a button per
    /// choice); `nil` when there is nothing to decide. `name` is the card's ``DisplayName``.
    public static func question(for preview: ReceivePreview, name: String) -> Sentence? {
        switch preview {
        case .new(_, let matches) where matches.isEmpty: return "Add \(name)?"
        case .new(_, let matches) where matches.count == 1:
            return "Merge into \(matches[0].displayName), add separately, or ignore?"
        case .new: return "Merge into one of them, add separately, or ignore?"
        case .update(let contact, _, _): return "Update \(contact.displayName) with this card, or keep the card you have?"
        case .notNewer, .keyConflict, .blocked: return nil
        }
    }

    /// What keeping the card the book has did: nothing, said so.
    public static func keptCurrent(_ name: String) -> Sentence {
        "Kept the card you have of \(name); nothing was changed."
    }

    /// What adding would do, said above the choices (nil for someone new with no matches: the card says it),
    /// `name` being the card's ``DisplayName`` and `nodeID` the Node ID it claims.
    public static func sentence(for preview: ReceivePreview, name: String, nodeID: String) -> Sentence? {
        switch preview {
        case .new(_, let matches) where matches.isEmpty:
            return nil
        case .new(_, let matches):
            let names = matches.map(\.displayName).joined(separator: ", ")
            let sentence: Sentence =
                "This card shares an email or phone number with \(names). It may be their new identity (merge: your alias, notes and tags stay), or someone else (add separately)."
            return sentence
        case .update(let contact, _, let changes):
            let sentence: Sentence = changes.movedKey
                ? "A newer card of \(contact.displayName), on \(words: ChangeWords.card(changes))."
                : "A newer card of \(contact.displayName): it changes \(words: changes.fieldNames)."
            return sentence
        case .notNewer(let contact):
            return ReceiveSentences.sentence(.alreadyHave, name: contact.displayName, nodeID: nodeID)
        case .keyConflict:
            return ReceiveSentences.keyConflict(nodeID: nodeID)
        case .blocked(let contact):
            return ReceiveSentences.blocked(contact.displayName)
        }
    }
}
