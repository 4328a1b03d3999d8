import Foundation
import HandshakeCore

/// Where a nearby session with one person stands: each case is one screen of the exchange, carrying what
/// that screen shows. The actions each screen offers are the methods of `PeerSession` that its
/// ``SessionState/actions`` lists.
@_spi(Wire) public enum SessionState: Sendable, Equatable {
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
    /// Ask to exchange, withdraw the request, accept or decline theirs, send a note, or leave.
    case request, cancel, accept, decline, sendNote, close
}

/// The confirm screen: who is there and what both would share.
@_spi(Wire) public struct ConfirmScreen: Sendable, Equatable {
    /// The 6 digits both screens show when no secret was shared; `nil` when an NFC tap or a typed code made
    /// the channel (then no one can be in the middle, and there is nothing to compare).
    public var shortCode: String?
    /// The common friends, once worked out: shown first, because they are what tells people who is who.
    public var commonFriends: CommonFriendsStatus

    /// A confirm screen (the session makes these; a coordinator that saw a later screen first, and an app's
    /// previews, may too).
    public init(shortCode: String?, commonFriends: CommonFriendsStatus) {
        self.shortCode = shortCode
        self.commonFriends = commonFriends
    }
}

/// Waiting for the other person's answer.
@_spi(Wire) public struct WaitingScreen: Sendable, Equatable {
    /// Whether we asked for both cards to be exchanged or only gave ours.
    public var kind: RequestKind
    /// The 6 digits both screens show, or `nil` when a shared secret made them unnecessary.
    public var shortCode: String?
    /// The common friends, once worked out.
    public var commonFriends: CommonFriendsStatus
    /// When the request expires, on the session's monotonic clock.
    public var deadline: Duration
}

/// The other person's request, with their verified card.
@_spi(Wire) public struct IncomingRequestScreen: Sendable, Equatable {
    /// Whether they offer both ways or give their card only.
    public var kind: RequestKind
    /// Their card, verified and bound to this session.
    public var theirCard: SignedCard
    /// Their session binding over ``theirCard``, kept for the exchange record.
    public var theirBinding: [UInt8]
    /// The 6 digits both screens show, or `nil` when a shared secret made them unnecessary.
    public var shortCode: String?
    /// The common friends, once worked out.
    public var commonFriends: CommonFriendsStatus
    /// When the request expires, on the session's monotonic clock.
    public var deadline: Duration
}

/// The cards are swapped.
@_spi(Wire) public struct SuccessScreen: Sendable, Equatable {
    /// Their verified card; `nil` when we gave ours one way.
    public var theirCard: SignedCard?
    /// Whether our card went to them.
    public var ourCardSent: Bool
    /// The 6 digits both screens showed, or `nil`.
    public var shortCode: String?
    /// The common friends, as found.
    public var commonFriends: CommonFriendsStatus
    /// The note we sent, once sent.
    public var ourNote: EphemeralNote?
    /// The note they sent, once received.
    public var theirNote: EphemeralNote?
    /// What the exchange leaves with the contact.
    public var record: ExchangeRecord
}
