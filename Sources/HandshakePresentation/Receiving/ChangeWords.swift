// Establishes the one wording of what a newer card changes, for every sentence that says it (a refresh, Add's
// question, the "Updated" mark): the fields by name, "only its date" when none changed, and a move to a new key
// said apart, as the thing a person most needs to know.
import HandshakeCore

enum ChangeWords {
    /// The changed fields ("title, phones"), or "only its date"; a new key is not among them.
    static func fields(_ changes: CardChanges) -> String {
        changes.fields.isEmpty ? "only its date" : changes.fields.map(\.rawValue).joined(separator: ", ")
    }

    /// What a refresh or an Add says of the card: "a newer card, which changes title", or for a moved key "a
    /// new key, vouched for by their old one; the card changes title".
    static func card(_ changes: CardChanges) -> String {
        guard changes.movedKey else { return "a newer card, which changes \(fields(changes))" }
        let rest = changes.fields.isEmpty ? "no field changed" : "the card changes \(fields(changes))"
        return "\(movedKey); \(rest)"
    }

    /// What the "Updated" mark lists: "title, phones", or "a new key, vouched for by their old one; title".
    static func mark(_ changes: CardChanges) -> String {
        guard changes.movedKey else { return fields(changes) }
        return changes.fields.isEmpty ? movedKey : "\(movedKey); \(fields(changes))"
    }

    /// The move itself, in the words every screen uses.
    static let movedKey = "a new key, vouched for by their old one"
}
