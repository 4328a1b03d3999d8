import HandshakeCore

/// Bounds on what the user writes into their own book. Enforced before anything is written, by
/// HandshakeCore's one rule for text limits (`TextLength`: Unicode scalars, and no character stacking more
/// than six marks) and the card's text rule (no control or invisible characters; line feeds only in notes).
public enum ContactLimits {
    /// Unicode scalars of notes on one contact.
    public static let notes = 1024
    /// Tags on one contact.
    public static let tagCount = 10
    /// Unicode scalars of one tag.
    public static let tagLength = 32
    /// Unicode scalars of an alias (the card's own name limit).
    public static let alias = 64
    /// The most contacts a name is said to pass for (``NameClaim/namesake(of:)``): enough to name them all
    /// in a sentence, whatever the book holds.
    public static let namesakesShown = 5
}
