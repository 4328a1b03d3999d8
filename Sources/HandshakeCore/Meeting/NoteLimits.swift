/// How long a note may be: the note sent with a card face to face, and the one a friend request carries.
///
/// Counted by the one rule every text limit uses (``TextLength``): in Unicode scalars, which every
/// implementation counts alike, with no character carrying more than ``TextLength/maxMarksPerCharacter``
/// combining marks (so `a` followed by 500 accents is 501 long, not "one character"). Every side enforces the
/// same number from here: the nearby exchange, the mailbox server, its client and every front end that
/// shows a counter. What a note may contain is the card's text rule, not this.
public enum NoteLimits {
    /// The longest note, in Unicode scalars (``TextLength``).
    public static let characters = 140

    /// Why `note` is too long for a note, or `nil` when it fits.
    public static func check(_ note: String) -> TextLengthBreach? {
        TextLength.check(note, limit: characters)
    }
}
