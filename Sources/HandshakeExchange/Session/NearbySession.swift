import Foundation
import HandshakeCore

/// One nearby session, whole and still without I/O: the secure channel below, the intent machine above,
/// and the translation between them. Bytes from the connection and clock ticks go in; bytes for the
/// connection, events and the new ``state`` come out.
///
/// A transport (TCP, a Bluetooth LE link) only moves the bytes; an app drives the person's actions through
/// ``ExchangeSession``, which also signs the card offers. Anything that goes wrong in the channel ends the
/// session with the channel's sentence, and nothing received in it is kept.
public struct NearbySession: Sendable {
    /// The secure channel the session's messages travel in.
    public private(set) var channel: SecureChannel
    /// The exchange itself: screens, requests, cards.
    public private(set) var session: PeerSession

    /// A session about to start on a fresh connection. The device that connected is the initiator.
    /// `trustedContacts` are the signing keys of our TRUSTED contacts: the set the common friends are found in.
    public init(
        role: ChannelRole, secret: SessionSecret?, ownKey: SigningPublicKey, trustedContacts: [SigningPublicKey] = [],
        timeouts: SessionTimeouts = SessionTimeouts(), now: SessionInstant
    ) {
        self.init(channel: SecureChannel(role: role, secret: secret), ownKey: ownKey, trustedContacts: trustedContacts, timeouts: timeouts, now: now)
    }

    /// A session on a channel made by the caller (tests give it fixed keys).
    public init(
        channel: SecureChannel, ownKey: SigningPublicKey, trustedContacts: [SigningPublicKey] = [],
        timeouts: SessionTimeouts = SessionTimeouts(), now: SessionInstant
    ) {
        self.channel = channel
        self.trustedContacts = trustedContacts
        session = PeerSession(role: channel.role, ownKey: ownKey, timeouts: timeouts, now: now)
    }

    let trustedContacts: [SigningPublicKey]
    var commonFriends: CommonFriendsExchange?

    /// The screen the session is on.
    public var state: SessionState { session.state }
    /// When the session next needs a clock tick (a request expiring, the channel timing out), or `nil`.
    public var nextDeadline: Duration? { session.nextDeadline }

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
                output.append(startCommonFriends(salt: summary.handshakeHash))
            case .message(let type, let payload):
                do throws(MessageError) {
                    let message = try SessionMessage.decode(type: type, payload: payload)
                    if case .commonFriends(let type, let payload) = message {
                        output.append(commonFriendsMessage(type, payload))
                    } else {
                        output.append(apply(session.receive(message, now: now)))
                    }
                } catch {
                    output.append(apply(session.fail(error.description)))
                }
            }
            if output.disconnect { break }
        }
        return output
    }

    /// The connection closed or broke; `reason` says how, when the transport knows.
    public mutating func connectionLost(reason: String = "The connection to the other device was lost.") -> NearbyOutput {
        apply(session.connectionFailed(reason))
    }

    /// Lets the session expire whatever wait ran out by `now`.
    public mutating func tick(now: SessionInstant) -> NearbyOutput {
        apply(session.tick(now: now))
    }

    /// Applies one of the person's actions (see ``PeerSession``) and seals what it sends.
    public mutating func perform(_ action: (inout PeerSession) throws(SessionActionError) -> [SessionOutput]) throws(SessionActionError) -> NearbyOutput {
        let outputs = try action(&session)
        return apply(outputs)
    }

    /// Leaves the session (see ``PeerSession/close(now:)``).
    public mutating func close(now: SessionInstant) -> NearbyOutput {
        apply(session.close(now: now))
    }

    // MARK: Common friends

    /// The channel is open: our blinded set goes out at once, so the confirm screen can show the common
    /// friends before anyone decides (docs/protocols/nearby-common-friends.md).
    mutating func startCommonFriends(salt: [UInt8]) -> NearbyOutput {
        guard !session.state.isEnded else { return NearbyOutput() }
        var exchange = CommonFriendsExchange(contactKeys: trustedContacts.map(\.rawRepresentation), sessionSalt: salt)
        let set = exchange.setMessage()
        commonFriends = exchange
        return apply([.send(.commonFriends(.commonFriendsSet, set))])
    }

    /// Their set (answered with our reply) or their reply (which gives the result). A refused message ends
    /// the session: an honest peer never sends one.
    mutating func commonFriendsMessage(_ type: MessageType, _ payload: [UInt8]) -> NearbyOutput {
        guard var exchange = commonFriends else { return apply(session.fail("The other device sent common friends before the channel was open.")) }
        do throws(CommonFriendsError) {
            if type == .commonFriendsSet {
                let reply = try exchange.reply(toPeerSet: payload)
                commonFriends = exchange
                return apply([.send(.commonFriends(.commonFriendsReply, reply))])
            }
            let result = try exchange.receiveReply(payload)
            commonFriends = exchange
            session.commonFriendsChanged(.found(result.commonKeys.compactMap { SigningPublicKey(rawRepresentation: $0) }))
            return NearbyOutput()
        } catch {
            return apply(session.fail(error.description))
        }
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
public struct NearbyOutput: Sendable, Equatable {
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
