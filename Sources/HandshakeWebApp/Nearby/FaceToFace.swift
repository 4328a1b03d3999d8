// Establishes the Face to face screen's model: one `NearbyCoordinator` run at a time, with this class as
// its front end. The coordinator's questions (accept their request, add their card, the note) wait for the
// person's button; what happened is kept as sentences for the page; every change bumps a version that the
// page's event stream follows. The meeting, the session and what is kept are the coordinator's; this holds
// only what a screen shows and the answer it waits for. A question left unanswered ends with the session:
// its answer is then "no".
import Foundation
import HandshakeCore
import HandshakeExchange
import HandshakeNearby
import HandshakeStore

@MainActor
final class FaceToFace: NearbyFrontEnd {
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
    private(set) var lines: [String] = []
    private(set) var shortCode: String?
    private(set) var commonFriends: [String] = []
    /// Whether the common friends with the person connected are known yet (`nil`: nobody is connected).
    private(set) var commonFriendsFound: Bool?
    private(set) var question: Question?
    private(set) var theirNote: String?
    private(set) var ourNote: String?
    private(set) var ending: String?
    private(set) var keptContactID: Int64?
    private(set) var version = 0
    private var coordinator: NearbyCoordinator?
    /// The clock the sessions run on, read for the seconds a request has left.
    private let clock = SystemExchangeClock()
    private var run: Task<Void, Never>?
    /// Whether a run is under way (looking, or an exchange).
    var running: Bool { run != nil }
    /// The people found nearby, as the coordinator lists them.
    var people: [NearbyPeer] { coordinator?.people ?? [] }
    /// How many common friends were found with the person advertising as `peerID`; `nil` while unknown.
    func commonFriendCount(with peerID: String) -> Int? {
        guard case .found(let keys)? = coordinator?.commonFriends(with: peerID) else { return nil }
        return keys.count
    }
    private var pending: CheckedContinuation<String?, Never>?
    private var chose = false
    private var watchers: [UUID: AsyncStream<Int>.Continuation] = [:]

    init(account: HandshakeAccount) { self.account = account }

    /// Starts looking for people nearby (or shows a code, or types one). Nothing when a run is under way.
    func start(_ meeting: NearbyMeeting, showsName: Bool) throws {
        guard run == nil else { return }
        // The person confirms on the page itself; a local web app has no second factor to ask.
        var configuration = NearbyCoordinator.Configuration(gate: AlwaysConfirm())
        configuration.showsName = showsName
        configuration.clock = clock
        let coordinator = try NearbyCoordinator(account: account, frontEnd: self, configuration: configuration)
        (self.coordinator, chose) = (coordinator, false)
        (lines, shortCode, commonFriends, question, theirNote, ourNote, ending, keptContactID) = ([], nil, [], nil, nil, nil, nil, nil)
        commonFriendsFound = nil
        // The list follows the coordinator's own updates (a peer found, lost, or named later).
        Task { for await _ in coordinator.peopleUpdates() { self.changed() } }
        run = Task {
            do {
                try await coordinator.run(meeting, timeout: .seconds(600))
            } catch {
                if self.ending == nil { self.ending = "\(error)" }
            }
            self.finish()
        }
        changed()
    }

    /// Connects to the person with this id from the list; choosing them is saying yes to exchanging.
    func choose(_ id: String) {
        guard let coordinator, coordinator.choose(id) != nil else { return }
        chose = true
        changed()
    }

    /// The person's answer to the question on screen: "yes"/"no", or the note's text (`nil`: no note).
    func answer(_ value: String?) {
        guard let pending else { return }
        self.pending = nil
        question = nil
        pending.resume(returning: value)
        changed()
    }

    /// Leaves the exchange: the session closes (or the looking stops) and the run ends with its sentence.
    func stop() {
        run?.cancel()
        answer(nil)
    }

    /// The seconds left for an answer: to ours while our request waits, or to theirs while it is on screen.
    var secondsLeft: (waitingForThem: Bool, seconds: Int)? {
        let (waitingForThem, deadline): (Bool, Duration)
        switch coordinator?.session?.state {
        case .waiting(let screen)?: (waitingForThem, deadline) = (true, screen.deadline)
        case .incomingRequest(let screen)?: (waitingForThem, deadline) = (false, screen.deadline)
        default: return nil
        }
        return (waitingForThem, max(0, Int(((deadline - clock.now().monotonic) / .seconds(1)).rounded(.up))))
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
        answer(nil)
        coordinator = nil
        changed()
    }

    private func ask(_ question: Question) async -> String? {
        answer(nil)  // a question still open is answered "no" by the next one
        self.question = question
        changed()
        return await withCheckedContinuation { pending = $0 }
    }

    // MARK: NearbyFrontEnd

    func show(_ event: NearbyEvent) {
        switch event {
        case .looking(_, _, let showsName):
            lines.append(showsName ? "Looking for people nearby. Others see your card's name." : "Looking for people nearby.")
        case .found, .lost, .commonFriendsNearby:
            break  // the list and its counts are the coordinator's (`people`), followed through its updates
        case .nobodyFound(let sentence), .refusedConnection(let sentence), .problem(let sentence):
            lines.append(sentence)
        case .turnedAway(let refusal):
            lines.append(refusal.description)
        case .unknownChoice(let text):
            lines.append("Nobody in the list is called \(text).")
        case .lookingFor(let what):
            lines.append("Looking for \(what)…")
        case .connecting(let peer):
            lines.append("Connecting to \(peer.displayName ?? "someone")…")
        case .tokenHandedOver:
            lines.append("Waiting for the device that was handed the token…")
        case .codeShown(let code, _):
            shortCode = code
            lines.append("Show this code to the other person: \(code)")
        case .listening(let port):
            lines.append("Listening on port \(port).")
        case .connected(let screen, let names, _):
            shortCode = screen.shortCode
            commonFriends = names
            commonFriendsFound = screen.commonFriends != .pending
            // The session's own screens (a request waiting, its seconds left) are drawn as they change.
            if let session = coordinator?.session {
                Task { for await _ in session.stateUpdates() { self.changed() } }
            }
            lines.append(screen.shortCode.map { "Connected. Check that both screens show \($0)." } ?? "Connected to the device that has the code.")
        case .commonFriends(let names):
            commonFriends = names
            commonFriendsFound = true
        case .incomingRequest(let card):
            lines.append("\(card.card.name ?? "Someone") asks to exchange cards.")
        case .received(let card, _):
            lines.append("Their card arrived: \(card.card.name ?? card.nodeID.rawValue), verified.")
        case .note(let text):
            theirNote = text
        case .kept(let outcome, let card):
            lines.append(Self.sentence(outcome, card))
            switch outcome {
            case .added(let contact), .merged(let contact, _), .updated(let contact, _, _), .alreadyHave(let contact): keptContactID = contact.id
            default: break
            }
        case .ended(let ending):
            self.ending = ending.description
        }
        changed()
    }

    func decideOnConfirm(_ screen: ConfirmScreen) async -> ConfirmDecision {
        // Choosing someone from the list is saying yes; the one who was chosen answers their request instead.
        chose ? .exchange(.exchange) : .wait
    }

    func decideOnRequest(from card: SignedCard) async -> Bool {
        if chose { return true }
        return await ask(.request(card)) == "yes"
    }

    func decideToKeep(_ card: SignedCard) async -> Bool {
        await ask(.keep(card)) == "yes"
    }

    func noteToSend() async -> String? {
        let note = await ask(.note)
        ourNote = note.flatMap { $0.isEmpty ? nil : $0 }
        return ourNote
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
