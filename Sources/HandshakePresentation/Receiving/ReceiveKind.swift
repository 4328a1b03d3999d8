// Establishes the kinds of what receiving a card did (the book's `ReceiveOutcome` without its contacts), as
// stable codes: what a front end can carry in a web address or a JSON field and turn back into its sentence
// later (the web app redirects to the contact's page with `?done=added`, and that page says it).

/// What receiving a card did, without the contacts it did it to.
public enum ReceiveKind: String, Sendable, CaseIterable, Codable {
    /// Someone new was added.
    case added
    /// The card became a contact's new identity.
    case merged
    /// A newer card replaced a contact's card.
    case updated
    /// The card was the one the book has, or older: nothing changed.
    case alreadyHave = "already-have"
    /// The contact is blocked: the card was ignored.
    case blocked
    /// The card claims a known Node ID with another key: refused.
    case keyConflict = "key-conflict"
    /// The person said to ignore it.
    case ignored

    /// Whether the card was stored.
    public var stored: Bool { self == .added || self == .merged || self == .updated }

    /// Whether this is a refusal a front end shows as a problem (an alert, a failing exit status), not a
    /// report: a card that claims someone else's Node ID.
    public var isRefusal: Bool { self == .keyConflict }
}
