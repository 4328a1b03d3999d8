// Establishes when a session carries common friends' newer cards (docs/protocols/nearby.md §6a): once the
// cards are swapped and the common friends are known, our versions go out; their versions are answered as
// soon as our own common friends are known; and a close the person asks for waits, at most
// `SessionTimeouts.carry`, for the cards they still owe.
import HandshakeCore

extension NearbySession {
    /// Whether `message` belongs to the carry.
    static func isCarry(_ message: SessionMessage) -> Bool {
        switch message {
        case .cardVersions, .carriedCard, .carryEnd: true
        default: false
        }
    }

    /// Whatever the carry owes now: our versions once both conditions hold, our answer to versions held; and a
    /// close held for the carry, once nothing is left to wait for (given `now`).
    mutating func carryDue(now: SessionInstant?) -> NearbyOutput {
        // After their goodbye (held while our common-friends work finished) nothing more is sent.
        guard case .succeeded = session.state, heldEnding == nil else { return NearbyOutput() }
        var output = NearbyOutput()
        switch session.commonFriends {
        case .found(let keys):
            if let versions = carry.offer(commonFriends: keys) { output.append(apply([.send(versions)])) }
            if let held = carry.heldVersions {
                carry.heldVersions = nil
                output.append(apply(carry.answer(held, commonFriends: Set(keys)).map { .send($0) }))
            }
        case .unavailable:
            // We find no common friends in this session: their versions are answered with the end alone.
            if carry.heldVersions != nil {
                carry.heldVersions = nil
                output.append(apply([.send(.carryEnd)]))
            }
        case .pending:
            break
        }
        if let now, carry.closeDeadline != nil, !carryHoldsClose, !output.disconnect { output.append(closeNow(now: now)) }
        return output
    }

    /// A carry message from the other device.
    mutating func carryMessage(_ message: SessionMessage, now: SessionInstant) -> NearbyOutput {
        guard case .succeeded = session.state else {
            if session.state.isEnded { return NearbyOutput() }
            return apply(session.fail(CarrySentences.early))
        }
        switch message {
        case .cardVersions(let versions):
            guard carry.versionsCame() else { return carryBroken(CarrySentences.secondList, now: now) }
            // Answered by `carryDue`, after this input, once our own common friends are known.
            carry.heldVersions = versions
            return NearbyOutput()
        case .carriedCard(let bytes):
            switch carry.cardCame(bytes, now: now.wall) {
            case .card(let card): return NearbyOutput(events: [.carriedCard(card)])
            case .refused(let reason): return NearbyOutput(events: [.carriedCardRefused(reason)])
            case .broken(let reason): return carryBroken(reason, now: now)
            }
        case .carryEnd:
            // A close held for their cards goes ahead in `carryDue`, after this input.
            guard carry.endCame() else { return carryBroken(CarrySentences.unexpectedEnd, now: now) }
            return NearbyOutput()
        default:
            return NearbyOutput()
        }
    }

    /// They broke the carry's rules: said, and the session ends as completed (the swap stands).
    mutating func carryBroken(_ reason: String, now: SessionInstant) -> NearbyOutput {
        var output = NearbyOutput(events: [.carriedCardRefused(reason)])
        output.append(closeNow(now: now))
        return output
    }

    /// Leaves now, whatever the carry still waits for.
    mutating func closeNow(now: SessionInstant) -> NearbyOutput {
        carry.closeDeadline = nil
        return apply(session.close(now: now))
    }

    /// Whether a close must wait for the carry: after the swap, while their cards may still come (our versions
    /// are out, their end is not in), or while our versions may still be made (the common friends are still
    /// being found, and we carry).
    var carryHoldsClose: Bool {
        guard case .succeeded = session.state, carry.cards != nil else { return false }
        if carry.awaitingTheirs { return true }
        return carry.offered == nil && session.commonFriends == .pending && commonFriendsGate == .allowed
    }

    /// A close asked for while the carry holds it waits for their end, or the carry's time.
    mutating func holdsClose(now: SessionInstant) -> Bool {
        guard carryHoldsClose else { return false }
        if carry.closeDeadline == nil { carry.closeDeadline = now.monotonic + session.timeouts.carry }
        return true
    }
}
