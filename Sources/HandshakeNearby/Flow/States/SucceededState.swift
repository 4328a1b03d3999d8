// Establishes the state of a nearby exchange once the cards crossed: their card on its way into the contact
// book (saved at once when the person already said yes, with the one question the book's rule needs: merge
// into a contact it matches, or add separately), our note box, their note, and when the session closes (once
// both notes are in; without a note of ours, a moment after theirs could have come; a person who sends none
// is waited for by the session's idle timeout or the run's time limit).
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeStore

/// The cards crossed.
struct SucceededState: Sendable, Equatable {
    var facts: SessionFacts
    let theirCard: SignedCard?
    let ourCardSent: Bool
    var record: ExchangeRecord
    var saving: NearbySaving
    var ourNote: NearbyOurNote
    var theirNote: String?
    var closing: Closing

    /// Where the session's close stands.
    enum Closing: Sendable, Equatable {
        /// Open: the person may still write, their note may still come.
        case open
        /// Closing after the note grace.
        case soon
        /// Closed (or closing) by this side.
        case now
    }

    /// Arriving on the success screen: their card goes to the contact book at once (to be checked first).
    static func enter(_ facts: SessionFacts, screen: SuccessScreen) -> (SucceededState, [NearbyStep]) {
        var state = SucceededState(
            facts: facts, theirCard: screen.theirCard, ourCardSent: screen.ourCardSent, record: screen.record,
            saving: screen.theirCard == nil ? .nothingToKeep : .checking, ourNote: .writing(refused: nil), theirNote: nil, closing: .open)
        var steps: [NearbyStep] = screen.theirCard.map { [.preview($0)] } ?? []
        steps += state.update(screen)
        return (state, steps)
    }

    /// The session's success screen changed: their note came, ours went, the common friends were found.
    mutating func update(_ screen: SuccessScreen) -> [NearbyStep] {
        record = screen.record
        if theirNote == nil, let note = screen.theirNote { theirNote = note.text }
        if let note = screen.ourNote { ourNote = .sent(note.text) }
        return closeIfDone()
    }

    /// What the contact book said about their card: saved at once when nothing needs asking, else the question.
    /// A card whose name passes for a contact's (`claim`) is always asked about, and starts as Known.
    mutating func previewed(_ preview: ReceivePreview, claim: NameClaim, keeping: NearbyCoordinator.Keeping) -> [NearbyStep] {
        guard case .checking = saving, let card = theirCard else { return [] }
        let trust = TrustLevel.suggested(for: claim, source: .nearby)
        let passesFor = claim.passesFor
        switch preview {
        case .new(_, let matches) where !matches.isEmpty:
            saving = .asking(NearbyKeepQuestion(card: card, matches: matches, offersIgnore: keeping == .ask, passesFor: passesFor, trust: trust))
            return []
        case .new where keeping == .ask || !passesFor.isEmpty:
            saving = .asking(NearbyKeepQuestion(card: card, matches: [], offersIgnore: true, passesFor: passesFor, trust: trust))
            return []
        case .new:
            saving = .storing
            return [.keep(card, .add(trust: trust))]
        case .update, .notNewer, .keyConflict, .blocked:
            // The book's rule decides these without a question: updated, unchanged, refused, ignored.
            saving = .storing
            return [.keep(card, .addSeparately(trust: trust))]
        }
    }

    /// The person's answer.
    mutating func answer(_ answer: NearbyAnswer) throws(NearbyAnswerError) -> [NearbyStep] {
        switch answer {
        case .keep(let receive):
            return try keep(receive)
        case .note(let text):
            guard ourNote.isOpen else { throw .notNow }
            do throws(NoteError) {
                _ = try EphemeralNote(text)
            } catch {
                ourNote = .writing(refused: RefusedNote(text: text, reason: error))
                return []
            }
            ourNote = .sending(text)
            return [.sendNote(text)]
        case .noNote:
            guard ourNote.isOpen else { throw .notNow }
            ourNote = .none
            return closeIfDone()
        case .leave:
            if ourNote.isOpen { ourNote = .none }
            guard closing != .now else { return [] }
            closing = .now
            return [.close]
        case .exchange, .wait, .accept, .review, .decline:
            throw .notNow
        }
    }

    /// The person's answer to the question about their card.
    mutating func keep(_ answer: ReceiveAnswer) throws(NearbyAnswerError) -> [NearbyStep] {
        guard let steps = keep(answering: { _ in answer }) else { throw .notNow }
        return steps
    }

    /// The open question about their card, given `answer` (the person's, or its unanswered answer when the
    /// run stops): the card goes to the book. `nil` when no question is open.
    mutating func keep(answering answer: (NearbyKeepQuestion) -> ReceiveAnswer) -> [NearbyStep]? {
        guard let question = saving.question else { return nil }
        saving = .storing
        return [.keep(question.card, answer(question))]
    }

    /// The session refused the note we sent: the box has it back, with why.
    mutating func noteRefused(_ text: String, _ reason: NoteError) {
        guard case .sending(text) = ourNote else { return }
        ourNote = .writing(refused: RefusedNote(text: text, reason: reason))
    }

    /// Closes once both notes are in (after a moment more while the common friends are still being found,
    /// for the meeting's record); without a note of ours, a moment after theirs could have come.
    mutating func closeIfDone() -> [NearbyStep] {
        guard closing == .open else { return [] }
        switch ourNote {
        case .sent:
            guard theirNote != nil else { return [] }
        case .none:
            if theirNote == nil {
                closing = .soon
                return [.closeAfterGrace]
            }
        case .writing, .sending, .tooLate:
            return []
        }
        if case .pending = facts.commonFriends {
            closing = .soon
            return [.closeAfterGrace]
        }
        closing = .now
        return [.close]
    }

    /// The note grace passed.
    mutating func graceElapsed() -> [NearbyStep] {
        guard closing == .soon else { return [] }
        closing = .now
        return [.close]
    }

    /// As a screen shows it.
    var snapshot: NearbySnapshot.Success {
        NearbySnapshot.Success(
            session: facts.snapshot, theirCard: theirCard, ourCardSent: ourCardSent, saving: saving, ourNote: ourNote, theirNote: theirNote)
    }
}
