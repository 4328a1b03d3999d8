// Establishes the Face to face screen's model: one `NearbyCoordinator` run at a time, its last snapshot (what
// the screen and the banner on every other screen draw), and the person's buttons handed to the coordinator,
// which takes an answer only while its question is open. Every new snapshot bumps a version that the pages'
// event streams follow; when no page follows any more (the browser tab was closed), the run ends within a
// few seconds, so the other person is told they left instead of waiting for a page that is gone.
import Foundation
import HandshakeAvatar
import HandshakeCore
import HandshakeExchange
import HandshakeNearby
import HandshakeStore

@MainActor
final class FaceToFace {
    /// How long the app waits, after the last page following the exchange went away, before it ends the run:
    /// long enough for a page to load the next one (each page of the app follows it), short enough that the
    /// other person hears within seconds.
    static let goneAfter: Duration = .milliseconds(1500)

    let accounts: AccountHolder
    /// The account as it is now: a run started after a move to a new key exchanges the new one.
    var account: HandshakeAccount { accounts.account }
    private(set) var version = 0
    private var coordinator: NearbyCoordinator?
    /// The exchange as last drawn: the coordinator's last snapshot (kept once the run is over).
    private(set) var snapshot: NearbySnapshot?
    /// The run's own sentence when it ended before any session (its time limit, the person stopping).
    private var runError: String?
    private var run: Task<Void, Never>?
    /// How the last run met people, for Try again.
    private var lastStart: (meeting: NearbyMeeting, showsName: Bool)?
    /// The person pressed Done (or started again): the ended exchange is no longer drawn.
    private(set) var dismissed = false
    private var watchers: [UUID: AsyncStream<Int>.Continuation] = [:]

    /// The relay a token this app shows names, so the other device can meet it where no network joins them:
    /// the registered mailbox server's (nearby-relay.md); `nil` for the network only.
    let relay: RelayServer?
    /// The session token shown as a QR code while its issuer waits (Show a code to scan), until the run ends.
    private(set) var token: SessionToken?

    init(accounts: AccountHolder, relay: RelayServer? = nil) {
        self.accounts = accounts
        self.relay = relay
    }

    /// Face to face for an account that never moves (a test's, or an embedder's single screen).
    convenience init(account: HandshakeAccount, relay: RelayServer? = nil) {
        self.init(accounts: AccountHolder(account), relay: relay)
    }

    /// Whether a run is under way (looking, or an exchange).
    var running: Bool { run != nil }

    /// Starts looking for people nearby (or shows a code, or types one). Nothing when a run is under way.
    func start(_ meeting: NearbyMeeting, showsName: Bool) throws {
        guard run == nil else { return }
        // The person confirms on the page itself; a local web app has no second factor to ask. Their card is
        // saved as soon as it arrives (the person said yes by choosing or accepting): the book asks only when
        // its rule needs the person's word (a card that matches a contact).
        var configuration = NearbyCoordinator.Configuration(gate: AlwaysConfirm())
        configuration.showsName = showsName
        // The list shows people a thumbnail of the card's photo beside the name (nothing when the name is hidden).
        configuration.listPhoto = AvatarPhoto.listPhoto(of: (try? account.issueCard())?.card.avatar, within: NearbyCoordinator.Configuration.listPhotoBytes)
        configuration.keeping = .atOnce
        configuration.relay = relay
        // Declined, cancelled or unanswered, an attempt from the list gives the list back (seed 001's EX-1).
        configuration.backToListAfterAttempt = true
        let coordinator = try NearbyCoordinator(account: account, configuration: configuration)
        (self.coordinator, snapshot, runError, dismissed, token) = (coordinator, coordinator.snapshot, nil, false, nil)
        lastStart = (meeting: meeting, showsName: showsName)
        Task {
            for await snapshot in coordinator.snapshots() { self.take(snapshot) }
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

    /// The session token of a run that shows one (the NFC token's content, nearby-bootstrap.md §2), drawn as a
    /// QR code: the other device's camera, or a picture of it, is the tap, over the network or through the relay
    /// it names.
    func show(_ token: SessionToken) {
        self.token = token
        changed()
    }

    /// Looks again the way the last run did (the looking screen's Try again): the run under way stops first.
    func tryAgain() async throws {
        guard let lastStart else { return }
        if let run {
            run.cancel()
            await run.value
        }
        try start(lastStart.meeting, showsName: lastStart.showsName)
    }

    /// Connects to the person with this id from the list; choosing them opens the confirm screen (or, when
    /// their request came first, makes it one: both chose each other).
    func choose(_ id: String) {
        guard let coordinator, coordinator.choose(peerID: id) != nil else { return }
        changed()
    }

    /// What a button of the screen says.
    enum Reply: Equatable {
        /// Exchange, Accept.
        case yes
        /// Decline.
        case no
        /// Merge their card into the contact it matches.
        case merge
        /// Keep their card as a contact of its own.
        case separately
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
        // Accept shows their own card first (EX-2); its one button accepts.
        case (.request, .yes): .review
        case (.request, _): .decline
        case (.keep(let keep), .merge): keep.mergeTarget.map { .keep(.merge(into: $0.id)) } ?? .keep(keep.adding)
        case (.keep(let keep), .yes), (.keep(let keep), .separately): .keep(keep.adding)
        case (.keep, _): .keep(.ignore)
        case (.note, .note(let text)): .note(text)
        case (.note, _): .noNote
        }
    }

    /// Done on the success screen: the session closes (our note box, if still open, sends none) and the ended
    /// exchange is no longer drawn. Returns the contact their card was kept as, for Contacts to show first,
    /// and whether the cards crossed.
    func done() -> (kept: Int64?, crossed: Bool) {
        let swap = snapshot.flatMap(Self.swap)
        if let coordinator, case .succeeded? = snapshot?.stage { try? coordinator.answer(.leave) }
        // Start again while looking or asking: the run stops too.
        if swap == nil { run?.cancel() }
        dismissed = true
        changed()
        return (swap?.saving.contact?.id, swap != nil)
    }

    /// Cancel, or Stop searching: the coordinator ends only an attempt with someone from the list, and the
    /// list comes back as it was (`NearbyCoordinator.cancelAttempt()`); anywhere else the run ends with its
    /// sentence (the looking stops, a token's or a code's session closes).
    func stop() {
        if let coordinator, coordinator.cancelAttempt() {
            changed()
            return
        }
        run?.cancel()
    }

    /// Draws `snapshot` from now on (the coordinator's latest; a test's own).
    func take(_ snapshot: NearbySnapshot) {
        self.snapshot = snapshot
        changed()
    }

    // MARK: The snapshot, as the screens read it

    /// The stage drawn: nothing started before a run and after Done.
    var stage: NearbySnapshot.Stage {
        guard !dismissed || running else { return .notStarted }
        return snapshot?.stage ?? .notStarted
    }

    /// How it ended, once it did: the run's own sentence when it stopped before any session.
    var ending: String? {
        guard case .ended(let ended) = stage else { return run == nil && !dismissed ? runError : nil }
        if case .stopped = ended.outcome, let runError { return runError }
        return ended.sentence
    }

    /// What crossed, on the success screen or after it.
    nonisolated static func swap(_ snapshot: NearbySnapshot) -> NearbySnapshot.Success? {
        switch snapshot.stage {
        case .succeeded(let success): success
        case .ended(let ended): ended.swap
        default: nil
        }
    }

    /// The seconds left until `deadline`, on the running session's clock (0 once the run is over).
    func secondsLeft(until deadline: Duration) -> Int {
        coordinator?.secondsLeft(until: deadline) ?? 0
    }

    /// Their request, while it waits for an answer: what the banner on every other screen shows.
    var request: NearbySnapshot.Request? {
        if case .incomingRequest(let request) = stage, request.answer == nil { return request }
        return nil
    }

    // MARK: Following

    /// Follows changes: the version now, then a new one each time something on the screen changed; ends when
    /// the app stops. The first is what closes the gap between drawing the page and subscribing: a change
    /// in between would otherwise never be drawn (the browser test caught this on a busy machine). While a
    /// run is under way, a follower going away with no other left ends the run after ``goneAfter``.
    func changes() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        continuation.yield(version)
        watchers[id] = continuation
        continuation.onTermination = { _ in Task { @MainActor in self.unfollowed(id) } }
        return stream
    }

    /// How many pages follow the exchange.
    var followers: Int { watchers.count }

    private func unfollowed(_ id: UUID) {
        watchers[id] = nil
        guard watchers.isEmpty, let run else { return }
        Task {
            try? await Task.sleep(for: Self.goneAfter)
            // Another page (the next one loaded, or the same one reconnecting) follows again: the person is here.
            guard self.watchers.isEmpty, self.run == run else { return }
            run.cancel()
        }
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
}
