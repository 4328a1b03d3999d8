// Establishes what a change did, as one value: a POST answers with a redirect to the page that shows it
// (`/contacts/42?done=added`, so a reload does not repeat the change), and that page draws the notice of
// the outcome named in its address (OutcomeNotice). A `done` the app does not know shows nothing.
import Hummingbird

/// What a change did: the `done` of the page it redirects to.
enum Outcome: String, CaseIterable, Sendable {
    /// A setting was saved (a contact's, or the defaults).
    case saved
    /// Your card was saved.
    case cardSaved = "card-saved"
    /// Someone new was added from a card.
    case added
    /// A card was merged into a contact as their new identity.
    case merged
    /// A contact was updated from their newer card.
    case updated
    /// The security codes matched.
    case verified
    /// The security codes did not match.
    case mismatch
    /// A friend request was accepted and their card kept.
    case accepted
    /// Accepted; a newer card of a contact you had was kept.
    case acceptedUpdate = "accepted-update"
    /// Accepted; you had them already.
    case acceptedAlreadyHad = "accepted-already"
    /// Accepted, but they are blocked here.
    case acceptedBlocked = "accepted-blocked"
    /// Accepted, but a contact with their Node ID has another key.
    case acceptedConflict = "accepted-conflict"
    case declined
    case cancelled
    /// A friend request was sent.
    case sent
    /// The app connected to a mailbox server.
    case serverConnected = "server"
    case photoSaved = "photo"
    case photoShrunk = "photo-shrunk"
    case photoRemoved = "photo-removed"

    /// The query item that carries it.
    static let queryName = OutcomeQuery.CodingKeys.done.rawValue
}

/// The query of a page that can show an outcome.
struct OutcomeQuery: Decodable, Sendable {
    /// The outcome named, or nil when none is, or one the app does not know.
    var done: Outcome?

    init(done: Outcome? = nil) { self.done = done }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        done = try container.decodeIfPresent(String.self, forKey: .done).flatMap(Outcome.init(rawValue:))
    }

    enum CodingKeys: String, CodingKey {
        case done
    }

    /// The outcome named in `request`'s query (Hummingbird's query decoding).
    static func of(_ request: Request, context: some RequestContext) -> Outcome? {
        (try? request.uri.decodeQuery(as: OutcomeQuery.self, context: context))?.done
    }
}
