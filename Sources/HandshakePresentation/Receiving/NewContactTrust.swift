// Establishes the one rule for the trust level someone new gets when added: any of the three, chosen by the
// person; when nothing was chosen, the book's suggestion (`TrustLevel.suggested(for:source:)`: Trusted, but
// Known for someone met through a link or a request and for a namesake of a contact). Blocked is a choice too — adding someone blocked keeps their card
// only so that their later cards are ignored — so no front end quietly turns a chosen Blocked into Known.
// The words for each level, as a menu shows them, are here as well.
import HandshakeStore

/// The trust levels Add offers for someone new, and what each means.
public enum NewContactTrust {
    /// The levels Add offers, in the order a menu lists them.
    public static let offered: [TrustLevel] = [.trusted, .known, .blocked]

    /// The level chosen, or `suggested` (the book's `TrustLevel.suggested(for:source:)`, where a menu starts)
    /// when nothing (or nothing readable) was.
    public static func chosen(_ level: TrustLevel?, suggested: TrustLevel) -> TrustLevel { level ?? suggested }

    /// What a trust level means, as a menu says it.
    public static func label(_ level: TrustLevel) -> String {
        switch level {
        case .trusted: "Trusted: counted among common friends"
        case .known: "Known: met, but not vouched for"
        case .blocked: "Blocked: their cards are ignored"
        }
    }
}
