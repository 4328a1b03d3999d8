import HandshakeCore

/// What a session asks its driver to do after an input: send a message through the channel, tell the app
/// something worth a banner, or drop the connection.
@_spi(Wire) public enum SessionOutput: Sendable, Equatable {
    /// Send this message to the other device.
    case send(SessionMessage)
    /// Tell the app.
    case event(SessionEvent)
    /// The session is over: close the connection (after sending what came before this output).
    case disconnect
}

/// Moments an app may want to show even when the exchange screen is not in front (a banner, a
/// notification).
public enum SessionEvent: Sendable, Equatable {
    /// Someone asks to exchange; the session now waits for the answer to their request.
    case incomingRequest(name: String?)
    /// The cards are swapped.
    case succeeded
    /// Their note arrived.
    case noteReceived(String)
    /// The photo their device shows in the list of people nearby arrived (a list session's, before anyone
    /// chose; unverified, like the name their device shows).
    case photoReceived(Avatar)
    /// After the swap, the other device carried a common friend's newer card: genuine, of a contact the book
    /// holds, newer than the book's. The app hands it to its receive rule (an update, or nothing).
    case carriedCard(SignedCard)
    /// A common friend's card the other device carried was not kept; the sentence says why.
    case carriedCardRefused(String)
    /// The session ended; the sentence says how.
    case ended(SessionEnding)
}

/// Why the person's action was not possible now. The state does not change.
public enum SessionActionError: HandshakeError, Equatable {
    /// The screen does not offer this action.
    case notNow(SessionAction)
    /// An exchange needs our card: the offer is missing.
    case cardRequired
    /// The note could not be sent; the error says why.
    case note(NoteError)
    /// The app's confirmation gate (Face ID, a passcode) said no: nothing was signed or sent.
    case notConfirmed

    /// A sentence to show the person who tried the action.
    public var description: String {
        switch self {
        case .notConfirmed: return "Sharing your card was not confirmed; nothing was sent."
        case .notNow(let action): return "That is not possible at this point of the exchange (\(action))."
        case .cardRequired: return "Your card is needed to exchange."
        case .note(let error): return error.description
        }
    }
}
