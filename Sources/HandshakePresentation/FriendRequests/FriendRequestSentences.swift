// Establishes the words of friend requests, for every front end: what accepting one did with their card (the
// receive sentences, after "Accepted."), the answers, and a request sent.
import HandshakeCore

/// The sentences of friend requests.
public enum FriendRequestSentences {
    /// After accepting a request and keeping the card that came with it: what keeping it did. It names
    /// nobody: it is shown beside the request (the web app's notice is drawn after a redirect that carries
    /// only the kind), and says the same in every front end.
    public static func accepted(_ kind: ReceiveKind) -> Sentence {
        switch kind {
        // Accepting is the decision to add: an "ignored" is not an outcome of it, and says as added would.
        case .added, .merged, .ignored: "Accepted: they are in your contacts, and they get your card."
        case .updated: "Accepted: you had them already, and their newer card was kept."
        case .alreadyHave: "Accepted: you had them already."
        case .blocked: "Accepted, but they are blocked here: their card was not kept."
        case .keyConflict:
            "Accepted, but a contact with their Node ID has a different key: their card was not kept. Compare security codes in person."
        }
    }

    /// A request not accepted after all (a namesake's, when the person said no): it still waits.
    public static let notAccepted: Sentence = "Nothing was accepted; the request still waits for your answer."
    /// A request declined.
    public static let declined: Sentence = "Declined; they will see it."
    /// A request of yours withdrawn.
    public static let cancelled: Sentence = "Cancelled; they will see it."
    /// A request sent.
    public static let sent: Sentence = "Request sent with your card. You will see their answer with your requests."
    /// The server accepted a request but sent no card with it.
    public static let noCard: Sentence = "The server sent no card with this request."
}
