// Establishes what a change did, as one value: a POST answers with a redirect to the page that shows it
// (`/contacts/42?done=added`, so a reload does not repeat the change), and that page draws the notice of
// the outcome named in its address (OutcomeNotice). A `done` the app does not know shows nothing.
import HandshakePresentation
import Hummingbird

/// What a change did: the `done` of the page it redirects to. What receiving a card, accepting a request or
/// editing a contact did is the presentation layer's kind (HandshakePresentation), carried as its code.
enum Outcome: Sendable, Equatable, Hashable, RawRepresentable, CaseIterable {
    /// The defaults were saved.
    case saved
    /// Your card was saved.
    case cardSaved
    /// Your card was saved, but the registered server did not take it.
    case cardSavedNotPublished
    /// A card was received from Add: what the book did with it.
    case received(ReceiveKind)
    /// A contact's settings were saved: what changed.
    case contactSaved(ContactEditKind)
    /// The security codes matched.
    case verified
    /// The security codes did not match.
    case mismatch
    /// A friend request was accepted: what keeping their card did.
    case accepted(ReceiveKind)
    case declined
    case cancelled
    /// A friend request was sent.
    case sent
    /// The app connected to a mailbox server.
    case serverConnected
    case photoSaved
    case photoShrunk
    case photoRemoved

    static let allCases: [Outcome] =
        [.saved, .cardSaved, .cardSavedNotPublished, .verified, .mismatch, .declined, .cancelled, .sent, .serverConnected, .photoSaved, .photoShrunk, .photoRemoved]
        + ReceiveKind.allCases.map(Outcome.received) + ReceiveKind.allCases.map(Outcome.accepted) + ContactEditKind.allCases.map(Outcome.contactSaved)

    /// Its code in the address.
    var rawValue: String {
        switch self {
        case .saved: "saved"
        case .cardSaved: "card-saved"
        case .cardSavedNotPublished: "card-saved-not-published"
        case .received(let kind): "received-" + kind.rawValue
        case .contactSaved(let kind): "contact-" + kind.rawValue
        case .verified: "verified"
        case .mismatch: "mismatch"
        case .accepted(let kind): "accepted-" + kind.rawValue
        case .declined: "declined"
        case .cancelled: "cancelled"
        case .sent: "sent"
        case .serverConnected: "server"
        case .photoSaved: "photo"
        case .photoShrunk: "photo-shrunk"
        case .photoRemoved: "photo-removed"
        }
    }

    /// The outcome a code names, or nil for one the app does not know.
    init?(rawValue: String) {
        guard let outcome = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = outcome
    }

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
