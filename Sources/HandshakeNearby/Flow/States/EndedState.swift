// Establishes the state of a nearby exchange once its session ended (or the run ended without one): how it
// ended, what the channel showed, and what crossed. The question about their card may still be open (it is
// about the person's own book, not the session): answered, or given its unanswered answer when the run stops,
// the card is kept, and the meeting too when the exchange completed. Once the cards crossed, a session the other
// person closed before this side was done ends as "they left", the exchange kept.
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeStore

/// Over.
struct EndedState: Sendable, Equatable {
    /// How the session ended; `nil` when the run ended without one.
    let ending: SessionEnding?
    /// The session, when its channel opened.
    let facts: SessionFacts?
    /// What crossed, when the cards did.
    var swap: SucceededState?
    /// How the run ended, once it did; `nil` while it still goes (a question about their card may be open).
    var run: RunEnd?

    /// How a run ended.
    enum RunEnd: Sendable, Equatable {
        case completed
        case failed(NearbyCoordinatorError)
    }

    /// The session ended on `ending`, from `swap` when the cards had crossed.
    static func enter(_ ending: SessionEnding, facts: SessionFacts?, swap: SucceededState?) -> (EndedState, [NearbyStep]) {
        var swap = swap
        if var crossed = swap {
            // Their note and their close can arrive in one read: the note is then in the record alone.
            if crossed.theirNote == nil, case .completed(let record) = ending { crossed.theirNote = record.theirNote }
            if crossed.ourNote.isOpen { crossed.ourNote = .tooLate }
            swap = crossed
        }
        let state = EndedState(ending: ending, facts: facts, swap: swap)
        return (state, state.recordMeeting())
    }

    /// The run ended without a session.
    static func stopped(_ run: RunEnd) -> EndedState {
        EndedState(ending: nil, facts: nil, swap: nil, run: run)
    }

    /// The meeting, once the exchange completed and their card is kept as a contact.
    func recordMeeting() -> [NearbyStep] {
        guard case .completed(let record) = ending, let contact = swap?.saving.contact else { return [] }
        return [.recordMeeting(record, contactID: contact.id)]
    }

    /// The person's answer: only the question about their card is still open.
    mutating func answer(_ answer: NearbyAnswer) throws(NearbyAnswerError) -> [NearbyStep] {
        guard case .keep(let receive) = answer, var crossed = swap else { throw .notNow }
        let steps = try crossed.keep(receive)
        swap = crossed
        return steps
    }

    /// Whether the other person closed the session after the cards crossed, before this side was done: our
    /// note box was still open, or theirs never came while we waited for it.
    var theyLeft: Bool {
        guard case .completed = ending, let swap, swap.closing == .open else { return false }
        // Their note and their close in one read: both notes were in, so both sides were done.
        let ourDone = swap.ourNote.sentText != nil || swap.ourNote == .none
        return !(ourDone && swap.theirNote != nil)
    }

    /// As a screen shows it.
    var snapshot: NearbySnapshot.Ended {
        let outcome: NearbySnapshot.Ended.Outcome
        switch ending {
        case .completed(let record)?: outcome = theyLeft ? .theyLeft(record) : .completed(record)
        case let ending?: outcome = .session(ending)
        case nil:
            if case .failed(let error)? = run { outcome = .stopped(error) } else { outcome = .stopped(.notCompleted(nil)) }
        }
        return NearbySnapshot.Ended(outcome: outcome, session: facts?.snapshot, swap: swap?.snapshot)
    }
}
