// Establishes what a person is told about moving to a new key, in every front end: what it does before they
// agree, what it did, and that the old backup code no longer brings this card back.
import HandshakeCore

/// The words of a move to a new key (HandshakeIntake's `KeyMoveFlow`).
public enum KeyMoveSentences {
    /// Said before the person agrees.
    public static let question: Sentence =
        "Move to a new key? Your card stays the same and your old key vouches for the new one, so your contacts keep you as the same person, with a new security code to compare. Your old backup code will no longer restore this card."

    /// What the move did: the Node ID before and after.
    public static func moved(from old: NodeID, to new: NodeID) -> Sentence {
        "Moved to a new key: your Node ID is now \(new.rawValue) (it was \(old.rawValue))."
    }

    /// Where contacts find the new card.
    public static func published(to server: String) -> Sentence {
        "Your new card is on \(server), under your old Node ID and your new one: contacts who refresh get it."
    }

    /// A move with no server: contacts get the new card when it reaches them.
    public static let notPublished: Sentence =
        "You are not registered with a server, so your contacts get your new card when you next share it or meet them."

    /// The backup that counts from now on.
    public static let backUpAgain: Sentence = "Write down your new backup code now: the old one restores only your old key."

    /// A second move asked for while one is under way (a second press while the first publishes).
    public static let underWay: Sentence = "A move to a new key is under way already."

    /// A person asked, who did not agree.
    public static let notMoved: Sentence = "Nothing was changed: your key stays as it was."
}
