/// How long a note may be: the note sent with a card face to face, and the one a friend request carries.
///
/// Counted as a person counts it, in grapheme clusters (an emoji with a skin tone is one). Every side
/// enforces the same number from here: the nearby exchange, the mailbox server, its client and every
/// front end that shows a counter. What a note may contain is the card's text rule, not this.
public enum NoteLimits {
    /// The longest note, in characters as a person counts them.
    public static let characters = 140
}
