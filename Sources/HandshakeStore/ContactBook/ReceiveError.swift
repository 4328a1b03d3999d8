// Why the one receive rule stored nothing because of the answer it was given (the card itself was fine).

import HandshakeCore

/// An answer that does not fit the card as the book sees it; nothing was stored.
public enum ReceiveError: HandshakeError, Equatable {
    /// The card shares an email or phone with these contacts, and the answer did not say whether to merge
    /// or to add separately.
    case mergeOrSeparateNotChosen(matches: [Contact])
    /// Merge into "the one contact the card matches" was asked, but it matches `count` contacts.
    case mergeNeedsOneMatch(count: Int)
    /// Merge into this contact was asked, but the card shares no email or phone with it.
    case notAMatch(contactID: Int64)

    /// A sentence to show the person using the app.
    public var description: String {
        switch self {
        case .mergeOrSeparateNotChosen(let matches):
            "This card shares an email or phone with \(matches.count == 1 ? "a contact" : "\(matches.count) contacts"); choose merge or add separately. Nothing was added."
        case .mergeNeedsOneMatch(let count):
            "The card matches \(count) contacts; merge needs exactly one. Nothing was added."
        case .notAMatch(let id):
            "Contact #\(id) shares no email or phone with this card, so the card can't be merged into it. Nothing was added."
        }
    }
}
