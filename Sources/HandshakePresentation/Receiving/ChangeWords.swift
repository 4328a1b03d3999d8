// Establishes the one wording of what a newer card changes, for every sentence that says it (a refresh, Add's
// question, the "Updated" mark): the fields by name (HandshakeCore's `CardChanges.fieldNames`, "only its date"
// when none changed), and a move to a new key said apart, as the thing a person most needs to know.
import HandshakeCore

enum ChangeWords {
    /// What a refresh or an Add says of the card: "a newer card, which changes title", or for a moved key "a
    /// new key, vouched for by their old one; the card changes title".
    static func card(_ changes: CardChanges) -> String {
        guard changes.movedKey else { return "a newer card, which changes \(changes.fieldNames)" }
        let rest = changes.fields.isEmpty ? "no field changed" : "the card changes \(changes.fieldNames)"
        return "\(movedKey); \(rest)"
    }

    /// What the "Updated" mark lists: "title, phones", or "a new key, vouched for by their old one; title".
    static func mark(_ changes: CardChanges) -> String {
        guard changes.movedKey else { return changes.fieldNames }
        return changes.fields.isEmpty ? movedKey : "\(movedKey); \(changes.fieldNames)"
    }

    /// The move itself, in the words every screen uses.
    static let movedKey = "a new key, vouched for by their old one"
}
