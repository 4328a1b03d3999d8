import Foundation
import HandshakeCore

/// Where a nearby session with one person stands: each case is one screen of the exchange, carrying what
/// that screen shows. The actions each screen offers are the methods of ``PeerSession`` that its
/// ``SessionState/actions`` lists.
public enum SessionState: Sendable, Equatable {
    /// The secure channel is being set up.
    case connecting
    /// The channel is open; the person decides whether to exchange (EX-2, one-glance confirm).
    case confirm(ConfirmScreen)
    /// Our request is out; waiting for the answer until `deadline` (EX-3).
    case waiting(WaitingScreen)
    /// The other person asks to exchange; their card is verified and bound to this session (EX-4).
    case incomingRequest(IncomingRequestScreen)
    /// The cards are swapped (EX-5): notes can go both ways until the session closes.
    case succeeded(SuccessScreen)
    /// Over, with how it ended in a sentence.
    case ended(SessionEnding)

    /// Whether the session is over.
    public var isEnded: Bool {
        if case .ended = self { return true }
        return false
    }

    /// What the person can do on this screen.
    public var actions: Set<SessionAction> {
        switch self {
        case .connecting: return [.close]
        case .confirm: return [.request, .close]
        case .waiting: return [.cancel]
        case .incomingRequest: return [.accept, .decline]
        case .succeeded(let screen): return screen.ourNote == nil ? [.sendNote, .close] : [.close]
        case .ended: return []
        }
    }
}

/// The person's possible actions; which are offered depends on the screen.
public enum SessionAction: Sendable, Hashable {
    case request, cancel, accept, decline, sendNote, close
}

/// The confirm screen: who is there and what both would share.
public struct ConfirmScreen: Sendable, Equatable {
    /// The 6 digits both screens show when no secret was shared; `nil` when an NFC tap or a typed code made
    /// the channel (then no one can be in the middle, and there is nothing to compare).
    public var shortCode: String?
    public var commonFriends: CommonFriendsStatus
}

/// Waiting for the other person's answer.
public struct WaitingScreen: Sendable, Equatable {
    public var kind: RequestKind
    public var shortCode: String?
    public var commonFriends: CommonFriendsStatus
    /// When the request expires, on the session's monotonic clock.
    public var deadline: Duration
}

/// The other person's request, with their verified card.
public struct IncomingRequestScreen: Sendable, Equatable {
    public var kind: RequestKind
    public var theirCard: SignedCard
    /// Their session binding over ``theirCard``, kept for the exchange record.
    public var theirBinding: [UInt8]
    public var shortCode: String?
    public var commonFriends: CommonFriendsStatus
    /// When the request expires, on the session's monotonic clock.
    public var deadline: Duration
}

/// The cards are swapped.
public struct SuccessScreen: Sendable, Equatable {
    /// Their verified card; `nil` when we gave ours one way.
    public var theirCard: SignedCard?
    /// Whether our card went to them.
    public var ourCardSent: Bool
    public var shortCode: String?
    public var commonFriends: CommonFriendsStatus
    public var ourNote: EphemeralNote?
    public var theirNote: EphemeralNote?
    /// What the exchange leaves with the contact.
    public var record: ExchangeRecord
}
