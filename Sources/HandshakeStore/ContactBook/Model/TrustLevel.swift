/// How much the owner of the book trusts a contact. Local only: never shared.
///
/// `trusted` is what adding a card gives unless the person chooses otherwise. `blocked` keeps the entry so
/// that later cards of the same Node ID are recognised and ignored, which deleting would not do.
public enum TrustLevel: String, Sendable, Codable, CaseIterable {
    /// A person the owner knows and vouches for: counted among common friends.
    case trusted = "TRUSTED"
    /// A person the owner has met but does not vouch for.
    case known = "KNOWN"
    /// A person whose cards are ignored from now on.
    case blocked = "BLOCKED"

    /// Reads `TRUSTED`, `trusted`, `Known`…
    public init?(caseInsensitive text: String) {
        self.init(rawValue: text.uppercased())
    }
}
