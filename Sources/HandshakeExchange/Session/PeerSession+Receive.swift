import Foundation
import HandshakeCore

/// The other side's messages. A message that makes no sense on the current screen ends the session: an
/// honest peer never sends one, so guessing what it meant would only help a dishonest one.
extension PeerSession {
    /// A message from the other device, decoded from the channel.
    public mutating func receive(_ message: SessionMessage, now: SessionInstant) -> [SessionOutput] {
        switch (state, message) {
        case (.ended, _):
            return []
        case (.connecting, _):
            return fail("The other device sent \(message.type.displayName) before the secure channel was set up.")
        case (_, .commonFriends):
            // Carried by the driver to the common-friends exchange; never reaches the intent machine.
            return []

        case (.confirm, .request(let offer, let kind)):
            return receiveRequest(offer, kind: kind, now: now)
        case (.waiting, .request(let offer, _)):
            // Both chose at once: a mutual choice. Each side already sent its card; no answer is needed.
            switch verify(offer, now: now) {
            case .success(let card): return succeed(theirCard: card, theirBinding: offer.binding, ourCardSent: true, now: now)
            case .failure(let error): return fail(error.description)
            }
        case (.waiting, .accept(let offer)):
            if requestKind == .give {
                guard offer == nil else { return fail("The other device answered a one-way share with a card of its own.") }
                return succeed(theirCard: nil, theirBinding: nil, ourCardSent: true, now: now)
            }
            guard let offer else { return fail("The other device accepted without sending its card.") }
            switch verify(offer, now: now) {
            case .success(let card): return succeed(theirCard: card, theirBinding: offer.binding, ourCardSent: true, now: now)
            case .failure(let error): return fail(error.description)
            }
        case (.waiting, .decline):
            return end(.declined, notify: true)
        case (.incomingRequest, .cancel(let reason)):
            return end(reason == .noAnswer ? .requestExpired : .cancelledByThem, notify: true)
        case (.succeeded, .cancel):
            // Their cancel crossed our accept: they had chosen to share, and the card stays verified, but
            // the exchange is over.
            return end(.cancelledByThem, notify: true)

        case (.succeeded(var screen), .note(let text)):
            guard screen.theirNote == nil else { return fail("The other device sent a second note.") }
            let note: EphemeralNote
            do throws(NoteError) { note = try EphemeralNote(text) } catch { return fail("The other device's note was refused: \(error)") }
            screen.theirNote = note
            screen.record.theirNote = note.text
            state = .succeeded(screen)
            deadline = now.monotonic + timeouts.idle
            return [.event(.noteReceived(note.text))]

        case (.succeeded(let screen), .close):
            return end(.completed(screen.record), notify: true)
        case (.confirm, .close), (.waiting, .close):
            return end(.theyLeft, notify: true)
        case (.incomingRequest, .close):
            return end(.cancelledByThem, notify: true)

        default:
            return fail("The other device sent \(message.type.displayName) that makes no sense at this point of the exchange.")
        }
    }

    mutating func receiveRequest(_ offer: CardOffer, kind: RequestKind, now: SessionInstant) -> [SessionOutput] {
        let card: SignedCard
        switch verify(offer, now: now) {
        case .success(let verified): card = verified
        case .failure(let error): return fail(error.description)
        }
        // The prompt counts down to the requester's own expiry (its `answer` from sending, as near as the channel
        // carries it), so both screens end at one instant; the session itself waits `answerGrace` longer for
        // the requester's cancel, and ends the prompt on its own only if that is lost.
        let shown = now.monotonic + timeouts.answer
        deadline = shown + timeouts.answerGrace
        state = .incomingRequest(IncomingRequestScreen(
            kind: kind, theirCard: card, theirBinding: offer.binding, shortCode: shortCode, commonFriends: commonFriends, deadline: shown))
        return [.event(.incomingRequest(name: card.card.name))]
    }

    /// Their card, verified: the receive pipeline, then the binding to this session and to their role.
    func verify(_ offer: CardOffer, now: SessionInstant) -> Result<SignedCard, CardSwapError> {
        // The channel is open in every state that reaches here; an empty hash would fail the binding anyway.
        Result { () throws(CardSwapError) -> SignedCard in
            let card = try SessionBinding.verify(offer, handshakeHash: handshakeHash ?? [], senderRole: role.peer, now: now.wall)
            guard card.card.sigKey != ownKey else { throw .ownCard }
            return card
        }
    }

    // MARK: Ending

    mutating func succeed(theirCard: SignedCard?, theirBinding: [UInt8]?, ourCardSent: Bool, now: SessionInstant) -> [SessionOutput] {
        let record = ExchangeRecord(
            exchangedAt: now.wall, source: source, handshakeHash: handshakeHash ?? [], ourBinding: ourCardSent ? ourBinding : nil,
            theirBinding: theirBinding, ourNote: nil, theirNote: nil, commonFriends: commonFriends.keys)
        deadline = now.monotonic + timeouts.idle
        state = .succeeded(SuccessScreen(
            theirCard: theirCard, ourCardSent: ourCardSent, shortCode: shortCode, commonFriends: commonFriends,
            ourNote: nil, theirNote: nil, record: record))
        return [.event(.succeeded)]
    }

    mutating func end(_ ending: SessionEnding, notify: Bool) -> [SessionOutput] {
        state = .ended(ending)
        return (notify ? [.event(.ended(ending))] : []) + [.disconnect]
    }

    /// Ends the session on a problem; nothing from it is kept.
    mutating func fail(_ reason: String, sendClose: Bool = true) -> [SessionOutput] {
        (sendClose ? [.send(.close)] : []) + end(.failed(reason), notify: true)
    }
}
