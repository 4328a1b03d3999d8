/// Bounds on what the user writes into their own book. Enforced before anything is written.
public enum ContactLimits {
    /// Characters of notes on one contact.
    public static let notes = 1024
    /// Tags on one contact.
    public static let tagCount = 10
    /// Characters of one tag.
    public static let tagLength = 32
    /// Characters of an alias (the card's own name limit).
    public static let alias = 64
}
