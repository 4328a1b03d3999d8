// Establishes the one way a friend request is sent, for the program and the web app alike: what was typed is
// read as a draft (a Node ID or a share link, a note within its limit), your card goes with it, and a share
// link the server refuses is told in the words of that link ("This link was already used. Ask Ada for a new
// one."). A front end only passes what was typed and draws the outcome or the sentence.
import HandshakeCore
import HandshakeMailbox

/// Sending a friend request from the person's server.
public enum FriendRequestSending {
    /// Sends the request typed as `target` with `note` (as typed), carrying `card` (issued only once the draft
    /// reads), from `client`'s account; the request the server made.
    /// - Throws: ``FriendRequestNotSent`` when the draft does not read or the share link was refused, with the
    ///   sentence; `MailboxClientError` for any other refusal or an unreachable server.
    public static func send(
        to target: String, note: String?, card: @autoclosure () throws -> SignedCard, client: MailboxClient
    ) async throws -> MailboxFriendRequest {
        let draft: FriendRequestDraft
        do {
            draft = try FriendRequestDraft(target: target, note: note)
        } catch {
            throw FriendRequestNotSent(sentence: error.sentence)
        }
        let card = try card()
        do {
            return try await client.sendFriendRequest(to: draft.target, card: card, note: draft.note)
        } catch {
            guard case .shareLink(let link) = draft.target else { throw error }
            throw FriendRequestNotSent(sentence: Sentence([.words(await client.sentence(for: error, about: link))]))
        }
    }
}

/// Why a friend request was not sent: the typed text does not read, or its share link was refused.
public struct FriendRequestNotSent: HandshakeError, Equatable {
    /// What to tell the person, with any typed value kept as a value.
    public let sentence: Sentence

    /// The sentence with typed values quoted and escaped (`UntrustedText.quoted`).
    public var description: String { sentence.rendered { UntrustedText.quoted($0) } }
}
