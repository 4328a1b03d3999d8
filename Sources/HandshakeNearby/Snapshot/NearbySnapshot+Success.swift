// Establishes the success screen of a nearby exchange (EX-5) as a front end draws it: their card, what the
// contact book did with it (saved at once, or the one question the book's rule needs), our note box (open,
// refused with its reason, sent and locked, or given up) and their note once it came.
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeStore

extension NearbySnapshot {
    /// The cards crossed.
    public struct Success: Sendable, Equatable {
        /// The session.
        public var session: Session
        /// Their card, verified and bound to this session; `nil` when we gave ours one way.
        public var theirCard: SignedCard?
        /// Whether our card went to them (not when they gave theirs one way).
        public var ourCardSent: Bool
        /// What the contact book did with their card, or the question it waits on.
        public var saving: NearbySaving
        /// Our note.
        public var ourNote: NearbyOurNote
        /// Their note, once it came.
        public var theirNote: String?

        /// A success screen.
        public init(
            session: Session, theirCard: SignedCard?, ourCardSent: Bool, saving: NearbySaving, ourNote: NearbyOurNote, theirNote: String?
        ) {
            self.session = session
            self.theirCard = theirCard
            self.ourCardSent = ourCardSent
            self.saving = saving
            self.ourNote = ourNote
            self.theirNote = theirNote
        }
    }
}

/// Where their card is on its way into the contact book.
public enum NearbySaving: Sendable, Equatable {
    /// Nothing to keep: we gave our card one way.
    case nothingToKeep
    /// The book is being asked what the card is to it.
    case checking
    /// The book's rule needs the person's word first.
    case asking(NearbyKeepQuestion)
    /// Being stored as the person (or the standing answer) said.
    case storing
    /// Done: what the receive rule did.
    case kept(ReceiveOutcome)
    /// It could not be stored; the sentence says why.
    case failed(String)

    /// The question, while one is open.
    public var question: NearbyKeepQuestion? {
        if case .asking(let question) = self { return question }
        return nil
    }

    /// The contact the card is kept as, once it is.
    public var contact: Contact? {
        if case .kept(let outcome) = self, let contact = outcome.contact {
            switch outcome {
            case .added, .merged, .updated, .alreadyHave: return contact
            case .ignoredBlocked, .refusedKeyConflict, .ignored: return nil
            }
        }
        return nil
    }
}

/// The question the contact book needs answered before their card is kept.
public struct NearbyKeepQuestion: Sendable, Equatable {
    /// Their card.
    public var card: SignedCard
    /// Contacts the card shares an email or a phone number with: when there are any, the question is
    /// "Merge with NAME, or add separately?" (`ReceiveAnswer.merge(into:)` or `.addSeparately(trust:)`);
    /// otherwise it is "Add, or don't add?".
    public var matches: [Contact]
    /// Whether "don't add" is offered: a person asked before anything is kept (`NearbyCoordinator.Keeping.ask`)
    /// may say no; one who chose to exchange with this person said yes already, and only chooses how.
    public var offersIgnore: Bool
    /// The contacts whose name the card claims with another key (`NameClaim.namesake(of:)`): the question
    /// then says it is not them, and is asked even when the person said yes beforehand.
    public var passesFor: [Contact]
    /// The trust level adding gives them unless the person says otherwise (`TrustLevel.suggested(for:source:)`).
    public var trust: TrustLevel

    /// A question.
    public init(card: SignedCard, matches: [Contact], offersIgnore: Bool, passesFor: [Contact] = [], trust: TrustLevel = .trusted) {
        self.card = card
        self.matches = matches
        self.offersIgnore = offersIgnore
        self.passesFor = passesFor
        self.trust = trust
    }

    /// Whether the card matches contacts: adding it then makes a contact of its own, beside them.
    public var isMerge: Bool { !matches.isEmpty }

    /// The contact "Merge" merges their card into: the one contact it matches. `nil` when it matches none, or
    /// several (the question then offers only to add them separately: which of them it is, is the person's
    /// to say in the contact's own page, not a guess of the first).
    public var mergeTarget: Contact? { matches.count == 1 ? matches.first : nil }

    /// What "yes" is, short of a merge: add them (as a contact of their own when the card matches contacts),
    /// at ``trust``.
    public var adding: ReceiveAnswer { isMerge ? .addSeparately(trust: trust) : .add(trust: trust) }

    /// What an unanswered question comes to when the run ends: nothing kept when the person could say no,
    /// else their card as a contact of its own (merging needs the person's word).
    public var unanswered: ReceiveAnswer { offersIgnore ? .ignore : .addSeparately(trust: trust) }
}

/// Our one note.
public enum NearbyOurNote: Sendable, Equatable {
    /// The note box is open; `refused` is the text last sent and why it was refused (the box keeps it).
    case writing(refused: RefusedNote?)
    /// On its way.
    case sending(String)
    /// Sent: locked.
    case sent(String)
    /// The person sends none.
    case none
    /// The session ended before a note was sent: the box is gone.
    case tooLate

    /// Whether the box is open for writing.
    public var isOpen: Bool {
        if case .writing = self { return true }
        return false
    }

    /// The note as sent, once it is.
    public var sentText: String? {
        if case .sent(let text) = self { return text }
        return nil
    }
}

/// A note that was not sent, with why.
public struct RefusedNote: Sendable, Equatable {
    /// The text as written.
    public var text: String
    /// Why the note rule refused it.
    public var reason: NoteError

    /// A refused note.
    public init(text: String, reason: NoteError) {
        self.text = text
        self.reason = reason
    }
}
