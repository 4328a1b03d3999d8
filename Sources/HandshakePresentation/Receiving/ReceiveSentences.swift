// Establishes the one wording of what receiving a card did, for every front end and every way a card
// arrives (Add, an accepted friend request, face to face). "Is blocked" is said one way, and the key-conflict
// sentence is the book's own (`ContactBookError.keyConflict`), never rebuilt.
import HandshakeStore

/// The sentence for each kind of what receiving a card did.
public enum ReceiveSentences {
    /// What receiving did, about `name` (the contact's display name, or the card's: ``DisplayName``).
    /// `nodeID` names the Node ID a conflicting card claims.
    public static func sentence(_ kind: ReceiveKind, name: String, nodeID: String) -> Sentence {
        switch kind {
        case .added: "Added \(name) to your contacts."
        case .merged: "Merged: this card is \(name)'s new identity; your notes, tags and settings moved to it. Compare the security code again."
        case .updated: "Updated \(name) from their newer card."
        case .alreadyHave: "You already have this card of \(name), or a newer one; nothing changed."
        case .blocked: blocked(name)
        case .keyConflict: keyConflict(nodeID: nodeID)
        case .ignored: "Ignored; nothing was stored."
        }
    }

    /// A blocked person's card, ignored: the one way "is blocked" is said.
    public static func blocked(_ name: String) -> Sentence {
        "\(name) is blocked; their card was ignored and nothing was stored."
    }

    /// A card claiming `nodeID` with another key, refused: the book's sentence
    /// (`ContactBookError.keyConflict`). The Node ID is a value.
    public static func keyConflict(nodeID: String) -> Sentence {
        let words = ContactBookError.keyConflict(nodeID).description
        // The book's sentence names the Node ID once; keep it a value so it is escaped where drawn.
        guard let range = words.range(of: nodeID), !nodeID.isEmpty else { return Sentence([.words(words)]) }
        return Sentence([.words(String(words[..<range.lowerBound])), .value(nodeID), .words(String(words[range.upperBound...]))])
    }
}
