// Establishes what the coordinator knows of the session on every screen after its channel opened: how it
// became the exchange, the code both screens show, and the common friends as the session last reported them,
// with their names from the person's own book.
import HandshakeCore
@_spi(Wire) import HandshakeExchange

/// The session, whatever its screen.
struct SessionFacts: Sendable, Equatable {
    private(set) var origin: SessionOrigin
    var shortCode: String?
    var commonFriends: CommonFriendsStatus
    var commonFriendNames: [String]

    /// The facts of a session whose channel just opened on `screen`.
    init(origin: SessionOrigin, opened screen: SessionState, names: [String]) {
        self.origin = origin
        shortCode = Self.shortCode(in: screen)
        commonFriends = Self.commonFriends(in: screen) ?? .pending
        commonFriendNames = names
    }

    /// Takes the common friends `screen` carries, with `names` for them.
    mutating func update(from screen: SessionState, names: [String]) {
        guard let status = Self.commonFriends(in: screen) else { return }
        commonFriends = status
        commonFriendNames = names
    }

    /// The person chose, in the list, the device whose request made this the exchange: both chose each other.
    mutating func choseThemToo() {
        if case .theirRequest(let peer) = origin { origin = .chosen(peer) }
    }

    /// Whether the session's cards would need no person to say yes: both people meant this exchange.
    var sharesSecret: Bool { origin == .sharedSecret }

    /// As a screen shows it.
    var snapshot: NearbySnapshot.Session {
        let friends: NearbyCommonFriends =
            switch commonFriends {
            case .pending: .pending
            case .found: .found(commonFriendNames)
            case .unavailable(let reason): .unavailable(reason)
            }
        return NearbySnapshot.Session(peer: origin.peer, shortCode: shortCode, commonFriends: friends)
    }

    /// The common-friends status a screen carries, if it carries one.
    static func commonFriends(in state: SessionState) -> CommonFriendsStatus? {
        switch state {
        case .confirm(let screen): screen.commonFriends
        case .waiting(let screen): screen.commonFriends
        case .incomingRequest(let screen): screen.commonFriends
        case .succeeded(let screen): screen.commonFriends
        case .connecting, .ended: nil
        }
    }

    /// The short code a screen carries.
    static func shortCode(in state: SessionState) -> String? {
        switch state {
        case .confirm(let screen): screen.shortCode
        case .waiting(let screen): screen.shortCode
        case .incomingRequest(let screen): screen.shortCode
        case .succeeded(let screen): screen.shortCode
        case .connecting, .ended: nil
        }
    }

    /// Whether `state` is a screen after the channel opened (the session went past connecting without
    /// ending).
    static func isOpen(_ state: SessionState) -> Bool {
        switch state {
        case .confirm, .waiting, .incomingRequest, .succeeded: true
        case .connecting, .ended: false
        }
    }
}
