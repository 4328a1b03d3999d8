// Establishes the one thing a front end of a nearby exchange observes: where the exchange is (looking,
// connecting, the confirm screen, waiting for an answer, their request, the cards swapped, over), with what
// that screen shows and which question, if any, waits for the person; the card this device sends; and the
// latest sentences worth a line. A screen, a terminal or a script maps it to what it draws; it answers with
// `NearbyCoordinator.answer(_:)`. The coordinator's state machine (`NearbyFlow`) makes it; nothing in it
// is a front end's to decide.
import HandshakeCore
@_spi(Wire) import HandshakeExchange

/// A nearby exchange as a screen shows it, at one moment.
///
/// ``NearbyCoordinator/snapshot`` is observable from SwiftUI, and ``NearbyCoordinator/snapshots()`` gives
/// each new one as an async sequence; every change of what a screen shows makes a new snapshot.
public struct NearbySnapshot: Sendable, Equatable {
    /// Where the exchange is, and what that screen shows.
    public var stage: Stage
    /// The card this device sends, exactly as its sharing profile issues it: the fields the person shares.
    public var ownCard: SignedCard
    /// The latest sentences worth a line (a device turned away, a connection without the token, a problem), oldest
    /// first, each numbered so a log shows it once; at most ``NearbyNotice/kept``.
    public var notices: [NearbyNotice]
    /// The mailbox server's relay that carries the session, when no network did (docs/protocols/nearby-relay.md):
    /// every screen after the channel opened says so (``NearbySentences/throughServer(_:)``).
    public var relay: RelayServer?

    /// A snapshot (the coordinator makes these; an app's previews may too).
    public init(stage: Stage, ownCard: SignedCard, notices: [NearbyNotice] = [], relay: RelayServer? = nil) {
        self.stage = stage
        self.ownCard = ownCard
        self.notices = notices
        self.relay = relay
    }

    /// Where the exchange is.
    public enum Stage: Sendable, Equatable {
        /// Nothing started yet.
        case notStarted
        /// Looking for the other device (EX-1): the people found, a token handed over, a code shown.
        case looking(Looking)
        /// A connection is becoming the exchange; the person in the list it is with, when there is a list.
        case connecting(NearbyPeer?)
        /// The secure channel is open: the one-glance confirm (EX-2).
        case confirm(Confirm)
        /// Our request is out (EX-3).
        case waiting(Waiting)
        /// The other person asks to exchange (EX-4).
        case incomingRequest(Request)
        /// The cards crossed (EX-5): their card kept, the notes.
        case succeeded(Success)
        /// Over, with how it ended; what crossed, if the cards did.
        case ended(Ended)
    }

    /// The question waiting for the person on this screen, if any: what a front end prompts for or draws as
    /// buttons (one answer per question; a screen may offer more, such as Cancel).
    public var question: NearbyQuestion? {
        switch stage {
        case .confirm(let confirm) where confirm.decision == nil: .exchange(theirRequest: confirm.theirRequest)
        case .incomingRequest(let request) where request.answer == nil: .request(request.theirCard)
        case .succeeded(let success): success.saving.question.map(NearbyQuestion.keep) ?? (success.ourNote.isOpen ? .note : nil)
        case .ended(let ended): ended.swap?.saving.question.map(NearbyQuestion.keep)
        default: nil
        }
    }

    /// Whether the secure channel with the other device has opened in this run (the confirm screen or any
    /// screen after it, and an ending that came after it).
    public var channelOpened: Bool {
        switch stage {
        case .notStarted, .looking, .connecting: false
        case .confirm, .waiting, .incomingRequest, .succeeded: true
        case .ended(let ended): ended.session != nil
        }
    }

    /// What is known of the session on the screens after the channel opened.
    public var session: Session? {
        switch stage {
        case .notStarted, .looking, .connecting: nil
        case .confirm(let confirm): confirm.session
        case .waiting(let waiting): waiting.session
        case .incomingRequest(let request): request.session
        case .succeeded(let success): success.session
        case .ended(let ended): ended.session
        }
    }
}
