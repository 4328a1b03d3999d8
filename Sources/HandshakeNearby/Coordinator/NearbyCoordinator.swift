// Establishes one nearby exchange as a person lives it, from opening the screen to the contact kept:
// finding the other device (NearbyMeeting), running one session over the connection, saving the card through
// the account's receive rule, and keeping the meeting with the contact once the exchange completed. Where the
// exchange is, and what comes next, is its state machine's (`NearbyFlow`): the coordinator feeds it what
// happened, performs the steps it returns, and publishes the one snapshot front ends draw. It owns which
// connection becomes the session (one claim at a time). It does not draw or prompt, and the protocol itself is
// HandshakeExchange's `ExchangeSession`.
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeStore
import Observation

/// A nearby exchange for one person: the meeting, the session and what is kept.
///
/// A front end observes ``snapshot`` (or ``snapshots()``), draws its ``NearbySnapshot/stage``, and gives the
/// person's answers to ``answer(_:)``:
///
/// ```swift
/// let coordinator = try NearbyCoordinator(account: account, configuration: .init(gate: faceID))
/// Task { try await coordinator.run(.discover(choice: nil), timeout: .seconds(600)) }
/// // the person taps someone in the list:      coordinator.choose(peerID: person.peer.id)
/// // then the confirm screen's one button:      try coordinator.answer(.exchange(.exchange))
/// ```
@MainActor
@Observable
public final class NearbyCoordinator {
    /// The exchange as a screen shows it now.
    public internal(set) var snapshot: NearbySnapshot

    /// The state machine: where the exchange is.
    @ObservationIgnored var flow: NearbyFlow
    /// The session that is the exchange, once a connection claimed it.
    @ObservationIgnored var currentSession: ExchangeSession?
    /// The latest notices, and how many were said in all.
    @ObservationIgnored var notices: [NearbyNotice] = []
    @ObservationIgnored var noticesSaid = 0
    /// Whoever follows the snapshots (``snapshots()``).
    @ObservationIgnored var snapshotWatchers: [UUID: AsyncStream<NearbySnapshot>.Continuation] = [:]
    /// A run waiting for the person's answer about their card after its session ended.
    @ObservationIgnored var settleWaiters: [CheckedContinuation<Void, Never>] = []

    @ObservationIgnored let account: HandshakeAccount
    @ObservationIgnored let card: SignedCard
    @ObservationIgnored let trustedKeys: [SigningPublicKey]
    @ObservationIgnored let configuration: Configuration
    /// The people found nearby and whom the person chose (discovery only).
    @ObservationIgnored var lobby = NearbyLobby(own: "")
    /// Where the contact came from, as the contact book records it.
    @ObservationIgnored var source: ContactSource = .nearby
    /// Why the one attempt on a shown (or typed) code failed.
    @ObservationIgnored var codeFailure: ShortCodeError?
    /// Whether the one attempt on a typed code was made (on the network or at the relay): never a second.
    @ObservationIgnored var codeAttempted = false
    /// Why the relay could not carry the meeting, when it could not (said if nobody is met another way).
    @ObservationIgnored var relayProblem: (any Error)?
    /// The relay that carries the session, once it does: the screens say so, and the meeting keeps it.
    @ObservationIgnored var relayedBy: RelayServer?
    /// Called once when the session's channel opens (a token's or code's advertisement stops then).
    @ObservationIgnored var whenChannelOpens: (@MainActor () async -> Void)?
    /// The people in the list to connect to (discovery only): each found device, once.
    @ObservationIgnored var toReach: AsyncStream<NearbyPeer>.Continuation?
    /// The sessions open with people in the list, before and after one is chosen (discovery only).
    @ObservationIgnored var lobbyConnections: [LobbyConnection] = []
    /// The people in the list a connection was opened to, or is being opened to, by this device.
    @ObservationIgnored var reached: Set<String> = []
    /// The list's sessions as its bounds see them: seats, idleness, whose common friends were counted.
    @ObservationIgnored var lobbySessions = LobbySessions<ObjectIdentifier>()
    /// Connections from addresses no device in the list advertises yet, waiting for one to appear.
    @ObservationIgnored var waitingArrivals: [WaitingArrival] = []
    /// The common friends found with each person in the list, by instance name (discovery only).
    @ObservationIgnored var commonFriendsNearby: [String: CommonFriendsStatus] = [:]
    /// The photo each person's device showed in the list, by instance name (discovery only).
    @ObservationIgnored var photosNearby: [String: Avatar] = [:]
    /// Ends discovery: the chosen session is over.
    @ObservationIgnored var discoveryOver: AsyncStream<Void>.Continuation?
    /// Why discovery ended without a session, when it did (two devices showing the name chosen).
    @ObservationIgnored var discoveryError: NearbyCoordinatorError?
    /// The wait, after a device showing the name chosen was found, for a second one (discovery only).
    @ObservationIgnored var nameSettling: Task<Void, Never>?
    /// Stops advertising and browsing, once a session is chosen.
    @ObservationIgnored var stopDiscovery: (@MainActor () async -> Void)?

    /// Where to listen and advertise, how long to wait, and what the person has said before the exchange.
    public struct Configuration: Sendable {
        /// The address to listen on (all by default).
        public var host = "0.0.0.0"
        /// The port to listen on (0: any free port).
        public var port = 0
        /// The network interface to advertise and browse on (`nil`: the first that can multicast).
        public var interface: String?
        /// Whether devices nearby see the card's name while this one is looking (otherwise a random id).
        public var showsName = false
        /// The photo people nearby see beside this device's name in their list, before anyone chooses (only
        /// while ``showsName``; discovery only): at most ``listPhotoBytes`` (a larger one is dropped, never
        /// sent), made from the card's avatar with HandshakeAvatar's `AvatarPhoto.listPhoto(of:within:)`, as
        /// `handshake app` and `handshake nearby` do. Unverified on their side, like the name
        /// (docs/protocols/nearby.md §2, "The list photo"); `nil`: none.
        public var listPhoto: Avatar? {
            didSet { if let listPhoto, listPhoto.data.count > Self.listPhotoBytes { self.listPhoto = nil } }
        }
        /// The largest list photo: 8 KiB.
        public static let listPhotoBytes = SessionMessage.photoBytes
        /// Whether this device sends its card at once when the channel opens, and accepts a request at once
        /// (the other device was chosen already: by a name given before looking, or an address). The person
        /// is not asked on the confirm screen then. A token or a code implies it.
        public var requestsAtOnce = false
        /// What a request sends when it is made without asking: both cards, or ours only.
        public var requestKind: RequestKind = .exchange
        /// Whether the card of someone new is kept at once (the person said yes by choosing or accepting:
        /// the seed's auto-save) or asked about first. A card that matches a contact's email or phone asks
        /// "merge, or add separately?" either way.
        public var keeping: Keeping = .ask
        /// The relay a token's issuer also waits at (the person's registered mailbox server), named in the
        /// token so the reader can meet it there when no network carries one to the other
        /// (docs/protocols/nearby-relay.md); `nil`: the network only. A reader uses the relay its token names.
        /// A shown code waits in its room here too, and a typed code looks for it here (a code names no
        /// server: both devices must use the same relay, §6).
        public var relay: RelayServer?
        /// How long a token's reader tries the network alone before the relay too: the network is preferred
        /// when both would carry the exchange.
        public var relayGrace: Duration = .seconds(1)
        /// Whether an attempt with someone from the list that ends before the cards cross (they declined, the
        /// person cancelled on the confirm or waiting screen, the request went unanswered, one of them left)
        /// gives the list back, with both devices still advertising (the seed's "Declined → back to EX-1"):
        /// an app's list screen wants this. Off, the run ends with that attempt, as one meant for one person
        /// does (a script's `--select`). Discovery only; a failure ends the run either way.
        public var backToListAfterAttempt = false
        /// How the session waits and keeps time.
        public var clock: any ExchangeClock = SystemExchangeClock()
        /// How long, without a note of ours, to wait for theirs before closing.
        public var noteGrace: Duration = .seconds(3)
        /// The app's say before the person's identity key signs (Face ID, a passcode); the person's answers
        /// are asked in any case.
        public var gate: any ConfirmationGate

        /// The defaults (any address and port, the first interface, no name shown, someone new asked about)
        /// with the app's `gate`, which has no default: `AlwaysConfirm` is a choice a front end makes, never
        /// one made for it.
        public init(gate: any ConfirmationGate) {
            self.gate = gate
        }
    }

    /// Whether the card of someone new is kept at once or after asking.
    public enum Keeping: Sendable, Equatable {
        /// Ask "Add, or don't add?" (`NearbyQuestion.keep`).
        case ask
        /// Keep it at once, as trusted.
        case atOnce
    }

    /// A coordinator for `account`.
    /// - Throws: `CardFieldError` when the account's card cannot be issued; the book's error.
    public init(account: HandshakeAccount, configuration: Configuration) throws {
        self.account = account
        self.configuration = configuration
        card = try account.issueCard()
        trustedKeys = try account.book.trustedSigningKeys()
        flow = NearbyFlow(
            policy: NearbyFlow.Policy(
                requestsAtOnce: configuration.requestsAtOnce, requestKind: configuration.requestKind, keeping: configuration.keeping,
                backToList: configuration.backToListAfterAttempt))
        snapshot = NearbySnapshot(stage: .notStarted, ownCard: card)
    }

    /// The people found nearby, in the order found (discovery only).
    var people: [NearbyPeer] { lobby.people }
    /// The session that is the exchange, once a connection claimed it.
    var session: ExchangeSession? { currentSession }
    /// How the exchange's session ended, once it did.
    var ending: SessionEnding? { flow.ending }

    // MARK: Running

    /// Meets the other device in `meeting`'s way, runs the session, and returns the meeting's record once
    /// the exchange completed. A question about their card still open when the session ends is waited for,
    /// within `timeout`. One run per coordinator.
    /// - Throws: ``NearbyCoordinatorError`` with a sentence when it did not complete within `timeout`, or
    ///   ``NearbyCoordinatorError/stopped`` when the task running it was cancelled (the person left).
    @discardableResult
    public func run(_ meeting: NearbyMeeting, timeout: Duration) async throws(NearbyCoordinatorError) -> ExchangeRecord {
        let meet = Task { try await self.meet(meeting) }
        let clock = configuration.clock
        let deadline = clock.now().monotonic + timeout
        let timer = Task { () -> Bool in
            do { try await clock.sleep(until: deadline) } catch { return false }
            self.stopEarly(meet)
            return true
        }
        // Cancelling the run stops the meeting: a session under way closes, a device still looking stops.
        let result = await withTaskCancellationHandler {
            let result = await meet.result
            await untilSettled()
            return result
        } onCancel: {
            Task { @MainActor in self.stopEarly(meet) }
        }
        timer.cancel()
        let timedOut = await timer.value
        if case .completed(let record)? = flow.ending {
            end(nil)
            return record
        }
        var error: NearbyCoordinatorError
        if Task.isCancelled {
            error = .stopped
        } else if case .failure(let failure) = result {
            error = (failure as? NearbyCoordinatorError) ?? .transport("\(failure)")
        } else if timedOut {
            let seconds = Int((timeout / .seconds(1)).rounded(.up))
            // A selection that named nobody in the list says so, rather than only that time ran out.
            if case .discover(let choice?) = meeting, !flow.isClaimed, lobby.chosenPeer == nil {
                error = .nobodyChosen(choice, seconds: seconds)
            } else {
                error = .timedOut(seconds: seconds, relay: relayProblem.map(Self.sentence))
            }
        } else if case .ended(let ended) = flow.state, let ending = ended.ending {
            // The ended screen's sentence, which already says whether their card stays.
            error = .endedShort(ending, sentence: ended.snapshot.sentence)
        } else {
            error = .notCompleted(flow.ending)
        }
        // A card the person added stays when the run ends short after it (nearby.md §7): say so.
        if let contact = flow.keptContact, !error.isEndedShort { error = .endedAfterKeeping(error, name: contact.displayName) }
        end(error)
        throw error
    }

    /// The run's time limit, or the person leaving: a session under way closes, a device still looking stops,
    /// and a question about their card gets its unanswered answer.
    func stopEarly(_ meet: Task<Void, any Error>) {
        apply(.stopping)
        if flow.isClaimed, let session = currentSession { session.close() } else { meet.cancel() }
    }

    /// Waits, after the session ended, until no question about their card is open.
    func untilSettled() async {
        while flow.awaitsKeepAnswer && !Task.isCancelled {
            await withCheckedContinuation { settleWaiters.append($0) }
        }
    }

    /// The run is over: the last snapshot goes out, and the snapshot streams finish.
    func end(_ error: NearbyCoordinatorError?) {
        apply(.runEnded(error))
        snapshotWatchers.values.forEach { $0.finish() }
        snapshotWatchers = [:]
    }

    func meet(_ meeting: NearbyMeeting) async throws(NearbyCoordinatorError) {
        do {
            switch meeting {
            case .discover(let choice): try await discover(choice: choice)
            case .giveToken(let handOver): try await giveToken(handOver)
            case .readToken(let token): try await readToken(token)
            case .showCode: try await showCode()
            case .typeCode(let code): try await typeCode(code)
            case .listen: try await listenDirectly()
            case .connect(let host, let port):
                _ = try await NearbyTCP.connect(host: host, port: port) { transport in
                    guard await self.claim(.direct) else { return }
                    await self.drive(transport, role: .initiator)
                }
            case .link(let transport, let role):
                guard claim(.direct) else { return }
                await drive(transport, role: role)
            }
        } catch let error as NearbyCoordinatorError {
            throw error
        } catch is CancellationError {
            return
        } catch let error as NearbyTransportError {
            throw .transport(error.description)
        } catch {
            throw .transport("\(error)")
        }
    }

    /// Whether a new connection may become the session (`origin` says how): only while none is claimed,
    /// running or done. The claim is taken before the first suspension, so of two connections at once one is
    /// turned away.
    func claim(_ origin: SessionOrigin) -> Bool {
        guard flow.claim(origin) else { return false }
        publish()
        return true
    }

    /// Runs a session over `transport` to its end, as the exchange (the claim is taken). `secret` comes from a
    /// token or a code (nil: the people compare the 6-digit code). Returns the ending. A token's or code's
    /// connection that never opened its channel gives the claim back, so the screen goes on waiting.
    @discardableResult
    func drive(_ transport: any ExchangeTransport, role: ChannelRole, secret: SessionSecret? = nil) async -> SessionEnding? {
        let session = makeSession(transport, role: role, secret: secret)
        currentSession = session
        let carry = watchCarry(of: session)
        let running = Task { await session.run() }
        for await state in session.stateUpdates() { sessionMoved(state) }
        await running.value
        await carry.value
        guard case .ended(let final) = session.state else { return nil }
        if !flow.isClaimed { currentSession = nil }
        return final
    }

    /// A session of this person's over `transport`, not yet running; its common friends are found on `terms`,
    /// and it sends `photo` when its channel opens.
    func makeSession(
        _ transport: any ExchangeTransport, role: ChannelRole, secret: SessionSecret?, commonFriends terms: CommonFriendsTerms = .standard,
        photo: Avatar? = nil
    ) -> ExchangeSession {
        ExchangeSession(
            role: role, secret: secret, identity: account.identity, card: card, transport: transport, trustedContacts: trustedKeys,
            commonFriends: terms, photo: photo, commonFriendCards: BookFriendCards(book: account.book), gate: configuration.gate,
            clock: configuration.clock)
    }
}
