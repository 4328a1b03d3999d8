import Foundation
import HandshakeCore

/// One nearby session, whole and still without I/O: the secure channel below, the intent machine above,
/// and the translation between them. Bytes from the connection and clock ticks go in; bytes for the
/// connection, events and the new ``state`` come out.
///
/// A transport (TCP, a Bluetooth LE link) only moves the bytes; an app drives the person's actions through
/// ``ExchangeSession``, which also signs the card offers. Anything that goes wrong in the channel ends the
/// session with the channel's sentence, and nothing received in it is kept.
@_spi(Wire) public struct NearbySession: Sendable {
    /// The secure channel the session's messages travel in.
    public private(set) var channel: SecureChannel
    /// The exchange itself: screens, requests, cards.
    public internal(set) var session: PeerSession

    /// A session about to start on a fresh connection. The device that connected is the initiator.
    /// `trustedContacts` are the signing keys of our TRUSTED contacts: the set the common friends are found in,
    /// on `terms` (at once, up to 4096, unless the list of people nearby says otherwise).
    public init(
        role: ChannelRole, secret: SessionSecret?, ownKey: SigningPublicKey, trustedContacts: [SigningPublicKey] = [],
        commonFriends terms: CommonFriendsTerms = .standard, commonFriendCards: (any CommonFriendCards)? = nil,
        timeouts: SessionTimeouts = SessionTimeouts(), now: SessionInstant
    ) {
        self.init(
            channel: SecureChannel(role: role, secret: secret), ownKey: ownKey, trustedContacts: trustedContacts, commonFriends: terms,
            commonFriendCards: commonFriendCards, timeouts: timeouts, now: now)
    }

    /// A session on a channel made by the caller (tests give it fixed keys).
    public init(
        channel: SecureChannel, ownKey: SigningPublicKey, trustedContacts: [SigningPublicKey] = [],
        commonFriends terms: CommonFriendsTerms = .standard, commonFriendCards: (any CommonFriendCards)? = nil,
        timeouts: SessionTimeouts = SessionTimeouts(), now: SessionInstant
    ) {
        self.init(
            channel: channel, ownKey: ownKey, trustedContacts: trustedContacts, terms: terms, timeouts: timeouts, now: now,
            defersCommonFriends: false, commonFriendCards: commonFriendCards)
    }

    /// A session whose common-friends work is done in ``receive(_:now:)`` as it comes (`defersCommonFriends`
    /// false: the output of an input is complete, which tests and the simulated link rely on), or left for the
    /// driver to take (``takeCommonFriendsWork()``) and run off the thread that handles the cards.
    init(
        channel: SecureChannel, ownKey: SigningPublicKey, trustedContacts: [SigningPublicKey], terms: CommonFriendsTerms,
        timeouts: SessionTimeouts, now: SessionInstant, defersCommonFriends: Bool, photo: Avatar? = nil,
        commonFriendCards: (any CommonFriendCards)? = nil
    ) {
        self.channel = channel
        carry = CardCarry(cards: commonFriendCards)
        ownPhoto = photo
        self.trustedContacts = trustedContacts
        self.terms = terms
        self.defersCommonFriends = defersCommonFriends
        commonFriendsGate = terms.start == .atOnce ? .allowed : .withheld(salt: nil)
        session = PeerSession(role: channel.role, ownKey: ownKey, timeouts: timeouts, now: now)
    }

    let trustedContacts: [SigningPublicKey]
    let terms: CommonFriendsTerms
    /// The photo this device shows in the list of people nearby, sent once when the channel opens.
    let ownPhoto: Avatar?
    /// The other device's list photo, once it came (at most one per session).
    public private(set) var theirPhoto: Avatar?
    let defersCommonFriends: Bool
    /// The carry of common friends' newer cards after the swap.
    var carry: CardCarry
    /// Whether the intersection may run: allowed, or withheld (with the channel's salt once it is open).
    var commonFriendsGate: CommonFriendsGate

    enum CommonFriendsGate: Equatable {
        case allowed
        case withheld(salt: [UInt8]?)
    }
    /// The common-friends exchange, from the moment the channel opens; `nil` before, and while its work is out.
    var commonFriends: CommonFriendsExchange?
    /// Whether the common-friends work is out with the driver.
    var commonFriendsWorkOut = false
    /// Our set, owed since the channel opened and not yet made.
    var owesCommonFriendsSet = false
    /// The peer's set and reply, received and waiting for the work that answers and reads them.
    var heldPeerSet: [UInt8]?
    var heldPeerReply: [UInt8]?
    /// The peer's close, or the connection's end, arrived while work on its earlier messages was still owed.
    var heldEnding: HeldEnding?

    enum HeldEnding: Equatable {
        case closed
        case lost(String)
    }

    /// Whether common-friends work on what already arrived is owed or out (never true while only the peer's
    /// messages are awaited, so an ending is held at most as long as this side's own work takes).
    var commonFriendsWorkPending: Bool {
        defersCommonFriends && (commonFriendsWorkOut || hasCommonFriendsWork)
    }

    /// The screen the session is on.
    public var state: SessionState { session.state }
    /// When the session next needs a clock tick (a request expiring, the channel timing out), or `nil`.
    public var nextDeadline: Duration? {
        guard let own = session.nextDeadline else { return nil }
        return carry.closeDeadline.map { min($0, own) } ?? own
    }

    /// What to send first, as soon as the connection is open.
    public mutating func start() -> NearbyOutput {
        NearbyOutput(bytes: channel.start())
    }

    /// Bytes from the connection, split anywhere.
    public mutating func receive(_ bytes: some Collection<UInt8>, now: SessionInstant) -> NearbyOutput {
        let channelOutputs: [ChannelOutput]
        do throws(ChannelError) {
            channelOutputs = try channel.receive(bytes)
        } catch {
            return apply(session.connectionFailed(error.description))
        }
        var output = NearbyOutput()
        for channelOutput in channelOutputs {
            switch channelOutput {
            case .send(let wire):
                output.bytes += wire
            case .established(let summary):
                output.append(apply(session.channelEstablished(handshakeHash: summary.handshakeHash, shortCode: summary.shortCode, now: now)))
                if let ownPhoto, !session.state.isEnded { output.append(apply([.send(.photo(ownPhoto))])) }
                output.append(startCommonFriends(salt: summary.handshakeHash, now: now))
            case .message(let type, let payload):
                do throws(MessageError) {
                    let message = try SessionMessage.decode(type: type, payload: payload)
                    if case .commonFriends(let type, let payload) = message {
                        output.append(commonFriendsMessage(type, payload, now: now))
                    } else if case .photo(let photo) = message {
                        output.append(photoArrived(photo))
                    } else if Self.isCarry(message) {
                        output.append(carryMessage(message, now: now))
                    } else if case .close = message, commonFriendsWorkPending {
                        // Everything the peer sent came before its close: the meeting's record gets the
                        // common friends its messages give once the work on them is done.
                        heldEnding = heldEnding ?? .closed
                    } else {
                        output.append(apply(session.receive(message, now: now)))
                    }
                } catch {
                    output.append(apply(session.fail(error.description)))
                }
            }
            if output.disconnect { break }
        }
        if !output.disconnect { output.append(carryDue(now: now)) }
        return output
    }

    /// The connection closed or broke; `reason` says how, when the transport knows.
    public mutating func connectionLost(reason: String = "The connection to the other device was lost.") -> NearbyOutput {
        if commonFriendsWorkPending {
            heldEnding = heldEnding ?? .lost(reason)
            return NearbyOutput()
        }
        return apply(session.connectionFailed(reason))
    }

    /// Lets the session expire whatever wait ran out by `now`.
    public mutating func tick(now: SessionInstant) -> NearbyOutput {
        if let deadline = carry.closeDeadline, now.monotonic >= deadline { return closeNow(now: now) }
        return apply(session.tick(now: now))
    }

    /// Applies one of the person's actions (see `PeerSession`) and seals what it sends.
    public mutating func perform(_ action: (inout PeerSession) throws(SessionActionError) -> [SessionOutput]) throws(SessionActionError) -> NearbyOutput {
        let outputs = try action(&session)
        var output = apply(outputs)
        if !output.disconnect { output.append(carryDue(now: nil)) }
        return output
    }

    /// Leaves the session (see `PeerSession/close(now:)`).
    public mutating func close(now: SessionInstant) -> NearbyOutput {
        if holdsClose(now: now) { return NearbyOutput() }
        return closeNow(now: now)
    }

    // MARK: The list photo

    /// Their list photo: kept and told, beside whatever screen the session is on; a second one ends the
    /// session (docs/protocols/nearby.md §2, "The list photo").
    mutating func photoArrived(_ photo: Avatar) -> NearbyOutput {
        guard !session.state.isEnded else { return NearbyOutput() }
        guard theirPhoto == nil else { return apply(session.fail("The other device sent a second photo.")) }
        theirPhoto = photo
        return NearbyOutput(events: [.photoReceived(photo)])
    }

    // MARK: Common friends

    /// The channel is open: our blinded set is owed at once, so the confirm screen can show the common
    /// friends before anyone decides (docs/protocols/nearby-common-friends.md); unless the terms withhold it
    /// until the app allows it (``allowCommonFriends(now:)``).
    mutating func startCommonFriends(salt: [UInt8], now: SessionInstant) -> NearbyOutput {
        guard !session.state.isEnded else { return NearbyOutput() }
        if case .withheld = commonFriendsGate {
            commonFriendsGate = .withheld(salt: salt)
            return NearbyOutput()
        }
        commonFriends = CommonFriendsExchange(
            contactKeys: trustedContacts.map(\.rawRepresentation), sessionSalt: salt, largestBucket: terms.largestBucket)
        owesCommonFriendsSet = true
        return defersCommonFriends ? NearbyOutput() : runCommonFriendsWork(now: now)
    }

    /// Lets a withheld intersection run (terms `whenAllowed`): at once if the channel is open, else when it
    /// opens. The peer's set held meanwhile is answered then. Nothing happens when it was allowed already.
    public mutating func allowCommonFriends(now: SessionInstant) -> NearbyOutput {
        guard case .withheld(let salt) = commonFriendsGate else { return NearbyOutput() }
        commonFriendsGate = .allowed
        guard let salt else { return NearbyOutput() }
        return startCommonFriends(salt: salt, now: now)
    }

    /// Their set (answered with our reply) or their reply (which gives the result), held until the work
    /// that answers it runs. A refused message ends the session: an honest peer never sends one.
    mutating func commonFriendsMessage(_ type: MessageType, _ payload: [UInt8], now: SessionInstant) -> NearbyOutput {
        let withheldOpen = if case .withheld(salt: _?) = commonFriendsGate { true } else { false }
        guard commonFriends != nil || commonFriendsWorkOut || withheldOpen else {
            return apply(session.fail("The other device sent common friends before the channel was open."))
        }
        // While ours is withheld, no set of ours is out for a reply to answer.
        if withheldOpen && type != .commonFriendsSet {
            return apply(session.fail(CommonFriendsError.replyBeforeOwnSet.description))
        }
        // A second message of a kind while the first still waits is refused here; after the first was read,
        // the exchange refuses it.
        if type == .commonFriendsSet {
            guard heldPeerSet == nil else { return apply(session.fail(CommonFriendsError.secondSet.description)) }
            heldPeerSet = payload
        } else {
            guard heldPeerReply == nil else { return apply(session.fail(CommonFriendsError.secondReply.description)) }
            heldPeerReply = payload
        }
        return defersCommonFriends ? NearbyOutput() : runCommonFriendsWork(now: now)
    }

    /// Whether common-friends work is owed and not out with the driver.
    var hasCommonFriendsWork: Bool {
        commonFriends != nil && !session.state.isEnded && (owesCommonFriendsSet || heldPeerSet != nil || heldPeerReply != nil)
    }

    /// The common-friends work owed now, for the driver to run (``CommonFriendsWork/run()``) and hand back
    /// with ``finishCommonFriendsWork(_:)``; `nil` when none is owed or some is out already.
    mutating func takeCommonFriendsWork() -> CommonFriendsWork? {
        guard hasCommonFriendsWork, let exchange = commonFriends else { return nil }
        let work = CommonFriendsWork(exchange: exchange, makesSet: owesCommonFriendsSet, peerSet: heldPeerSet, peerReply: heldPeerReply)
        commonFriends = nil
        commonFriendsWorkOut = true
        owesCommonFriendsSet = false
        heldPeerSet = nil
        heldPeerReply = nil
        return work
    }

    /// Takes back work the driver ran: sends what it made, in order, and shows the result or ends the session
    /// on a refusal. Nothing happens once the session has ended meanwhile.
    mutating func finishCommonFriendsWork(_ work: CommonFriendsWork, now: SessionInstant) -> NearbyOutput {
        commonFriends = work.exchange
        commonFriendsWorkOut = false
        guard !session.state.isEnded else { return NearbyOutput() }
        var output = apply(work.messages.map { .send($0) })
        if let refusal = work.refusal {
            output.append(apply(session.fail(refusal.description)))
        } else if let result = work.result {
            session.commonFriendsChanged(.found(result.commonKeys.compactMap { SigningPublicKey(rawRepresentation: $0) }))
        }
        if !output.disconnect { output.append(carryDue(now: now)) }
        if !commonFriendsWorkPending, let ending = heldEnding {
            heldEnding = nil
            switch ending {
            case .closed: output.append(apply(session.receive(.close, now: now)))
            case .lost(let reason): output.append(apply(session.connectionFailed(reason)))
            }
        }
        return output
    }

    /// The work owed, done here and now (a session that does not defer it).
    mutating func runCommonFriendsWork(now: SessionInstant) -> NearbyOutput {
        guard var work = takeCommonFriendsWork() else { return NearbyOutput() }
        work.run()
        return finishCommonFriendsWork(work, now: now)
    }

    /// Seals the session's messages into channel records; a message the channel cannot send ends the session.
    mutating func apply(_ outputs: [SessionOutput]) -> NearbyOutput {
        var result = NearbyOutput()
        for output in outputs {
            switch output {
            case .send(let message):
                do throws(ChannelError) {
                    result.bytes += try channel.seal(type: message.type.rawValue, payload: message.payload)
                } catch {
                    // Before the channel is open there is nothing to seal into; after, a seal fails only if
                    // the message is too large, which no message of ours is.
                    if channel.isEstablished { result.append(apply(session.fail(error.description, sendClose: false))) }
                }
            case .event(let event):
                result.events.append(event)
            case .disconnect:
                result.disconnect = true
            }
        }
        return result
    }
}

/// What the driver does after an input: write `bytes` to the connection, show `events`, and close the
/// connection when `disconnect` (after writing the bytes).
@_spi(Wire) public struct NearbyOutput: Sendable, Equatable {
    /// What to write to the connection, in order.
    public var bytes: [UInt8] = []
    /// What to tell the app.
    public var events: [SessionEvent] = []
    /// Whether to close the connection once the bytes are written.
    public var disconnect = false

    mutating func append(_ other: NearbyOutput) {
        bytes += other.bytes
        events += other.events
        disconnect = disconnect || other.disconnect
    }
}
