import HandshakeCore

/// Why a call to a mailbox server did not give what was asked, as ``MailboxClient`` throws it.
///
/// A front end switches on the cases: the server's refusals arrive as the same ``MailboxError`` cases the
/// server raised (never as text to match), and what went wrong on the way (no answer, an answer that is not
/// the API's, a card that does not verify) has a case of its own. Every case has a sentence for a person.
public enum MailboxClientError: HandshakeError, Equatable {
    /// The server refused, with one of its documented refusals. `owner` is the Node ID of the person who
    /// made the share link concerned, when the refusal is about one (ask them for a new link).
    case refused(MailboxError, owner: NodeID?)
    /// No answer: the server could not be reached, or did not answer in time.
    case unreachable(server: String, reason: String)
    /// An answer that is not what the API documents (a status or a body this version cannot read).
    case unexpectedAnswer(String)
    /// The server handed over a card that does not verify, for the reason the verifier gives: it is never
    /// shown or stored.
    case cardDoesNotVerify(CardRejection)
    /// The server handed over a valid card of someone other than whom it was asked for (`expected`): it is
    /// never shown or stored.
    case someoneElsesCard(expected: NodeID, received: NodeID)
    /// A share link that names its `owner` led to the valid card of someone else (`card`): however valid, it
    /// is not shown. The card page's script says the same sentence (docs/server.md).
    case notTheLinkOwnersCard(owner: NodeID, card: NodeID)
    /// This call needs a signed-in account, and the client was made without an identity.
    case noIdentity
    /// The server's address cannot be made into a request URL.
    case badServerURL(String)
    /// The server is at an address this call may not connect to (a share link that leads into a private
    /// network): nothing was sent.
    case addressNotAllowed(server: String, reason: String)

    /// A sentence to show the person using the app. A server's name or address came from outside (a share
    /// link, a registration file, what someone typed), so it is shown escaped, on one line.
    public var description: String {
        switch self {
        case .refused(let error, _): error.message
        case .unreachable(let server, let reason): "Could not reach \(UntrustedText.inline(server, limit: 120)): \(reason)."
        case .unexpectedAnswer(let detail): "The server's answer could not be read: \(detail)"
        case .cardDoesNotVerify(let rejection): "The server sent a card that does not verify: \(rejection.description)"
        case .someoneElsesCard(let expected, let received):
            // The card may verify: it is someone's real card, only not the one asked for.
            "The server answered with someone else's card (the card of \(received.rawValue), not of \(expected.rawValue)), so it was refused."
        case .notTheLinkOwnersCard(let owner, let card):
            "The server answered with someone else's card: the link was made by \(owner.rawValue), and the card is \(card.rawValue)'s, so it was refused."
        case .noIdentity: "Signing in to a server needs an identity: create one first."
        case .badServerURL(let text): "\(UntrustedText.quoted(text, limit: 120)) is not a server address (it should look like https://handshake.example.org)."
        case .addressNotAllowed(let server, let reason): "Did not connect to \(UntrustedText.inline(server, limit: 120)): \(reason)."
        }
    }

    /// The server's refusal, if this is one.
    public var refusal: MailboxError? {
        if case .refused(let error, _) = self { return error }
        return nil
    }
}
