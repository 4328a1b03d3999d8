// Establishes the Face to face screen's model: one `NearbyCoordinator` run at a time, and its snapshot read
// the way the screen draws it. The coordinator's questions wait for the person's button (an answer from the
// page goes to the coordinator, which takes it only while its question is open); every new snapshot bumps a
// version that the page's event stream follows. The meeting, the session and what is kept are the
// coordinator's; this holds only the run and the last snapshot.
import Foundation
import HandshakeCore
import HandshakeExchange
import HandshakeNearby
import HandshakeStore

@MainActor
final class FaceToFace {
    /// What the screen is asking the person, if anything.
    enum Question: Equatable {
        /// They ask to exchange: accept or decline.
        case request(SignedCard)
        /// Their card arrived: add them?
        case keep(SignedCard)
        /// The note box of the success screen.
        case note
    }

    let account: HandshakeAccount
    private(set) var version = 0
    private var coordinator: NearbyCoordinator?
    /// The exchange as last drawn: the coordinator's last snapshot (kept once the run is over).
    private var snapshot: NearbySnapshot?
    /// The run's own sentence when it ended before any session (its time limit, the person stopping).
    private var runError: String?
    private var run: Task<Void, Never>?
    private var watchers: [UUID: AsyncStream<Int>.Continuation] = [:]

    init(account: HandshakeAccount) { self.account = account }

    /// Whether a run is under way (looking, or an exchange).
    var running: Bool { run != nil }

    /// Starts looking for people nearby (or shows a code, or types one). Nothing when a run is under way.
    func start(_ meeting: NearbyMeeting, showsName: Bool) throws {
        guard run == nil else { return }
        // The person confirms on the page itself; a local web app has no second factor to ask.
        var configuration = NearbyCoordinator.Configuration(gate: AlwaysConfirm())
        configuration.showsName = showsName
        let coordinator = try NearbyCoordinator(account: account, configuration: configuration)
        (self.coordinator, snapshot, runError) = (coordinator, coordinator.snapshot, nil)
        Task {
            for await snapshot in coordinator.snapshots() {
                // Choosing someone from the list is saying yes: the confirm screen's one button is pressed for
                // the person, as this screen draws no confirm screen of its own.
                if case .exchange? = snapshot.question { try? coordinator.answer(.exchange(.exchange)) }
                self.take(snapshot)
            }
        }
        run = Task {
            do {
                try await coordinator.run(meeting, timeout: .seconds(600))
            } catch {
                self.runError = "\(error)"
            }
            self.finish()
        }
        changed()
    }

    /// Connects to the person with this id from the list; choosing them is saying yes to exchanging.
    func choose(_ id: String) {
        guard let coordinator, coordinator.choose(id) != nil else { return }
        changed()
    }

    /// What a button of the screen says.
    enum Reply: Equatable {
        /// Accept, Add.
        case yes
        /// Decline, Don't add, No note.
        case no
        /// Send this note.
        case note(String)
    }

    /// The person's answer to the question on screen, as the coordinator takes it (only while that question
    /// is open: a page drawn earlier changes nothing).
    func answer(_ reply: Reply) {
        guard let coordinator, let question = snapshot?.question else { return }
        try? coordinator.answer(Self.answer(to: question, reply))
        changed()
    }

    /// What a button says to `question`, in the coordinator's terms.
    nonisolated static func answer(to question: NearbyQuestion, _ reply: Reply) -> NearbyAnswer {
        switch (question, reply) {
        case (.exchange, _): .exchange(.exchange)
        case (.request, .yes): .accept
        case (.request, _): .decline
        // A card that matches a contact is added as a contact of its own, as the screen's Add always did.
        case (.keep(let keep), .yes): .keep(keep.isMerge ? .addSeparately(trust: .trusted) : .add(trust: .trusted))
        case (.keep, _): .keep(.ignore)
        case (.note, .note(let text)): .note(text)
        case (.note, _): .noNote
        }
    }

    /// Leaves the exchange: the session closes (or the looking stops) and the run ends with its sentence.
    func stop() {
        run?.cancel()
    }

    /// Draws `snapshot` from now on (the coordinator's latest; a test's own).
    func take(_ snapshot: NearbySnapshot) {
        self.snapshot = snapshot
        changed()
    }

    // MARK: The snapshot, as the screen reads it

    /// The stage drawn.
    private var stage: NearbySnapshot.Stage { snapshot?.stage ?? .notStarted }

    /// How it ended, once it did.
    var ending: String? {
        if case .ended(let ended) = stage {
            if case .stopped = ended.outcome, let runError { return runError }
            return ended.sentence
        }
        return run == nil ? runError : nil
    }

    /// The 6-digit code both screens show, or the short code to show the other person.
    var shortCode: String? {
        if case .looking(let looking) = stage, case .codeShown(let code, _) = looking.way { return code }
        return snapshot?.session?.shortCode
    }

    /// The common friends' names, once found.
    var commonFriends: [String] { snapshot?.session?.commonFriends.names ?? [] }

    /// Whether the common friends with the person connected are known yet (`nil`: nobody is connected).
    var commonFriendsFound: Bool? { snapshot?.session.map { $0.commonFriends != .pending } }

    /// The question on screen.
    var question: Question? {
        switch snapshot?.question {
        case .request(let card)?: .request(card)
        case .keep(let keep)?: .keep(keep.card)
        case .note?: .note
        case .exchange?, nil: nil
        }
    }

    /// The people found nearby.
    var people: [NearbyPeer] {
        if case .looking(let looking) = stage { return looking.people.map(\.peer) }
        return []
    }

    /// How many common friends were found with the person advertising as `peerID`; `nil` while unknown.
    func commonFriendCount(with peerID: String) -> Int? {
        guard case .looking(let looking) = stage else { return nil }
        return looking.people.first { $0.peer.id == peerID }?.commonFriendCount
    }

    /// What crossed, on the success screen or after it.
    private var swap: NearbySnapshot.Success? {
        switch stage {
        case .succeeded(let success): success
        case .ended(let ended): ended.swap
        default: nil
        }
    }

    /// Their note, once it came.
    var theirNote: String? { swap?.theirNote }
    /// Our note, once sent.
    var ourNote: String? { swap?.ourNote.sentText }
    /// The contact their card is kept as.
    var keptContactID: Int64? { swap?.saving.contact?.id }

    /// Sentences about the exchange so far, as the snapshot holds it: how the devices are finding each other,
    /// the notices said, the connection and what crossed.
    var lines: [String] {
        var lines: [String] = []
        if case .looking(let looking) = stage {
            if let sentence = Self.sentence(looking.way) { lines.append(sentence) }
            if let sentence = looking.nobodyFound { lines.append(sentence) }
            if let chosen = looking.chosen { lines.append(Self.connecting(to: chosen.peer)) }
        }
        if case .connecting(let peer?) = stage { lines.append(Self.connecting(to: peer)) }
        lines += (snapshot?.notices ?? []).map(\.description)
        if let session = snapshot?.session {
            lines.append(session.shortCode.map { "Connected. Check that both screens show \($0)." } ?? "Connected to the device that has the code.")
        }
        if case .incomingRequest(let request) = stage { lines.append(NearbySentences.asksToExchange(request.theirCard.card.name)) }
        if let swap, let card = swap.theirCard {
            lines.append("Their card arrived: \(card.card.name ?? card.nodeID.rawValue), verified.")
            if case .kept(let outcome) = swap.saving { lines.append(Self.sentence(outcome, card)) }
        }
        if let swap, case .failed(let sentence) = swap.saving { lines.append(sentence) }
        if let swap, case .writing(let refused?) = swap.ourNote { lines.append("The note was not sent: \(refused.reason)") }
        return lines
    }

    /// What the looking screen says about how the devices find each other.
    static func sentence(_ way: NearbySnapshot.Looking.Way) -> String? {
        switch way {
        case .starting: nil
        case .list(_, _, let showsName): showsName ? "Looking for people nearby. Others see your card's name." : "Looking for people nearby."
        case .lookingFor(let what): "Looking for \(what)…"
        case .connecting(let peer): connecting(to: peer)
        case .tokenHandedOver: "Waiting for the device that was handed the token…"
        case .codeShown(let code, _): "Show this code to the other person: \(code)"
        case .listening(let port): "Listening on port \(port)."
        }
    }

    static func connecting(to peer: NearbyPeer) -> String {
        "Connecting to \(peer.displayName ?? "someone")…"
    }

    /// The seconds left for an answer: to ours while our request waits, or to theirs while it is on screen.
    var secondsLeft: (waitingForThem: Bool, seconds: Int)? {
        guard let coordinator else { return nil }
        switch stage {
        case .waiting(let waiting): return (true, coordinator.secondsLeft(until: waiting.deadline))
        case .incomingRequest(let request): return (false, coordinator.secondsLeft(until: request.deadline))
        default: return nil
        }
    }

    /// Follows changes: the version now, then a new one each time something on the screen changed; ends when
    /// the app stops. The first is what closes the gap between drawing the page and subscribing: a change
    /// in between would otherwise never be drawn (the browser test caught this on a busy machine).
    func changes() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        continuation.yield(version)
        watchers[id] = continuation
        continuation.onTermination = { _ in Task { @MainActor in self.watchers[id] = nil } }
        return stream
    }

    private func changed() {
        version += 1
        for watcher in watchers.values { watcher.yield(version) }
    }

    private func finish() {
        run = nil
        if let coordinator { snapshot = coordinator.snapshot }
        coordinator = nil
        changed()
    }

    static func sentence(_ outcome: ReceiveOutcome, _ card: SignedCard) -> String {
        let name = card.card.name ?? card.nodeID.rawValue
        switch outcome {
        case .added: return "Added \(name) to your contacts."
        case .merged(_, let target): return "\(name) is \(target.displayName)'s new identity: merged."
        case .updated(let contact, _, _): return "Updated \(contact.displayName) from their newer card."
        case .alreadyHave(let contact): return "You already have \(contact.displayName)'s card."
        case .ignoredBlocked(let contact): return "\(contact.displayName) is blocked: their card was ignored."
        case .refusedKeyConflict: return "This card claims a Node ID you know under another key: refused."
        case .ignored: return "Not added: nothing was stored."
        }
    }
}
