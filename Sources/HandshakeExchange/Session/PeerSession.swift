import Foundation
import HandshakeCore

/// The nearby exchange with one person, as a state machine: channel events, the other side's messages, the
/// person's actions and clock ticks in; messages, events and a new ``state`` out. No I/O, no clock, no
/// identity: the driver (``ExchangeSession``, or a test) owns those and passes in signed `CardOffer`s.
///
/// Intent (docs/protocols/nearby.md, "Intent"): whoever chooses first sends a `request` with its card;
/// the other side accepts (with its card), declines, or lets it expire. Choosing when a request has already
/// arrived is accepting it, and two requests that cross in flight make a mutual choice: both sides then
/// hold both cards with no further round trip. Decline, cancel and expiry always reach the requester as
/// distinct endings.
///
/// What it does not do: decide whether to keep a card (the app does, on ``SessionState/succeeded(_:)``),
/// or compare the short code (the two people do).
@_spi(Wire) public struct PeerSession: Sendable {
    /// The screen the session is on.
    public internal(set) var state: SessionState = .connecting
    /// Which end of the channel we are; our bindings are signed with it.
    public let role: ChannelRole
    /// How long requests, answers and idle screens last.
    public let timeouts: SessionTimeouts
    /// The Noise handshake hash, once the channel is open: what card offers are bound to.
    public private(set) var handshakeHash: [UInt8]?
    /// How the channel was secured: a compared code or a shared secret (NFC tap, typed short code).
    public private(set) var source: ExchangeRecord.Source = .comparedCode

    let ownKey: SigningPublicKey
    var shortCode: String?
    var commonFriends: CommonFriendsStatus = .pending
    var deadline: Duration
    /// The binding we sent, for the record.
    var ourBinding: [UInt8]?
    var requestKind: RequestKind = .exchange

    /// A session that has just connected at `now`.
    public init(role: ChannelRole, ownKey: SigningPublicKey, timeouts: SessionTimeouts = SessionTimeouts(), now: SessionInstant) {
        self.role = role
        self.ownKey = ownKey
        self.timeouts = timeouts
        deadline = now.monotonic + timeouts.connect
    }

    /// When ``tick(now:)`` must next be called; `nil` once the session is over.
    public var nextDeadline: Duration? {
        if case .ended = state { return nil }
        return deadline
    }

    // MARK: The channel

    /// The secure channel is open. `shortCode` is the code both screens show, `nil` with a session secret.
    public mutating func channelEstablished(handshakeHash: [UInt8], shortCode: String?, now: SessionInstant) -> [SessionOutput] {
        guard case .connecting = state else { return fail("The secure channel was set up twice.") }
        self.handshakeHash = handshakeHash
        self.shortCode = shortCode
        source = shortCode == nil ? .sessionSecret : .comparedCode
        deadline = now.monotonic + timeouts.idle
        state = .confirm(ConfirmScreen(shortCode: shortCode, commonFriends: commonFriends))
        return []
    }

    /// The channel or the connection failed; `reason` is its sentence.
    public mutating func connectionFailed(_ reason: String) -> [SessionOutput] {
        switch state {
        case .ended: return []
        case .succeeded(let screen): return end(.completed(screen.record), notify: true)
        default: return fail(reason, sendClose: false)
        }
    }

    /// The common friends were worked out (or could not be).
    public mutating func commonFriendsChanged(_ status: CommonFriendsStatus) {
        commonFriends = status
        switch state {
        case .confirm(var screen): screen.commonFriends = status; state = .confirm(screen)
        case .waiting(var screen): screen.commonFriends = status; state = .waiting(screen)
        case .incomingRequest(var screen): screen.commonFriends = status; state = .incomingRequest(screen)
        case .succeeded(var screen):
            screen.commonFriends = status
            screen.record.commonFriends = status.keys
            state = .succeeded(screen)
        case .connecting, .ended: break
        }
    }

    // MARK: The person's actions

    /// "Exchange with this person": our card goes out as a request. On the incoming-request screen this
    /// is accepting. `offer` may be `nil` only to accept a one-way request.
    public mutating func request(_ offer: CardOffer?, kind: RequestKind = .exchange, now: SessionInstant) throws(SessionActionError) -> [SessionOutput] {
        if case .incomingRequest = state { return try accept(offer, now: now) }
        guard case .confirm(let screen) = state else { throw .notNow(.request) }
        guard let offer else { throw .cardRequired }
        ourBinding = offer.binding
        requestKind = kind
        deadline = now.monotonic + timeouts.answer
        state = .waiting(WaitingScreen(kind: kind, shortCode: screen.shortCode, commonFriends: commonFriends, deadline: deadline))
        return [.send(.request(offer, kind: kind))]
    }

    /// Takes our request back.
    public mutating func cancel(now: SessionInstant) throws(SessionActionError) -> [SessionOutput] {
        guard case .waiting = state else { throw .notNow(.cancel) }
        return [.send(.cancel(.cancelled))] + end(.cancelledByUs, notify: false)
    }

    /// Says yes to their request; `offer` is our card, `nil` only for a one-way request.
    public mutating func accept(_ offer: CardOffer?, now: SessionInstant) throws(SessionActionError) -> [SessionOutput] {
        guard case .incomingRequest(let screen) = state else { throw .notNow(.accept) }
        if screen.kind == .exchange && offer == nil { throw .cardRequired }
        let sent = screen.kind == .exchange ? offer : nil
        ourBinding = sent?.binding
        return [.send(.accept(sent))] + succeed(theirCard: screen.theirCard, theirBinding: screen.theirBinding, ourCardSent: sent != nil, now: now)
    }

    /// Says no to their request.
    public mutating func decline(now: SessionInstant) throws(SessionActionError) -> [SessionOutput] {
        guard case .incomingRequest = state else { throw .notNow(.decline) }
        return [.send(.decline)] + end(.declinedByUs, notify: false)
    }

    /// Sends our one note. Only after the cards are swapped, and only once.
    public mutating func sendNote(_ note: EphemeralNote, now: SessionInstant) throws(SessionActionError) -> [SessionOutput] {
        guard case .succeeded(var screen) = state else { throw .note(.notNow) }
        guard screen.ourNote == nil else { throw .note(.alreadySent) }
        screen.ourNote = note
        screen.record.ourNote = note.text
        state = .succeeded(screen)
        deadline = now.monotonic + timeouts.idle
        return [.send(.note(note.text))]
    }

    /// Leaves the session.
    public mutating func close(now: SessionInstant) -> [SessionOutput] {
        switch state {
        case .ended: return []
        case .succeeded(let screen): return [.send(.close)] + end(.completed(screen.record), notify: true)
        case .waiting: return [.send(.cancel(.cancelled)), .send(.close)] + end(.cancelledByUs, notify: false)
        // Leaving is not declining: the requester is told the other person left, which is what happened.
        case .incomingRequest: return [.send(.close)] + end(.closed, notify: false)
        case .connecting, .confirm: return [.send(.close)] + end(.closed, notify: false)
        }
    }

    // MARK: The clock

    /// Expires whatever wait has run out by `now`.
    public mutating func tick(now: SessionInstant) -> [SessionOutput] {
        guard let deadline = nextDeadline, now.monotonic >= deadline else { return [] }
        switch state {
        case .connecting:
            return fail("The other device did not finish connecting in time.", sendClose: false)
        case .confirm:
            return [.send(.close)] + end(.idle, notify: true)
        case .waiting:
            return [.send(.cancel(.noAnswer)), .send(.close)] + end(.noAnswer, notify: true)
        case .incomingRequest:
            return [.send(.close)] + end(.requestExpired, notify: true)
        case .succeeded(let screen):
            return [.send(.close)] + end(.completed(screen.record), notify: true)
        case .ended:
            return []
        }
    }
}
