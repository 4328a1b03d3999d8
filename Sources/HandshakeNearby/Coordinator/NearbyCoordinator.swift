// Establishes one nearby exchange as a person lives it, from opening the screen to the contact kept:
// finding the other device (NearbyMeeting), running one session over the connection, asking the front end
// at each decision, saving the card through the account's receive rule, and keeping the meeting with the
// contact once the exchange completed. It owns which connection becomes the session (one claim at a time)
// and when the session closes (both notes in). It does not draw or prompt (`NearbyFrontEnd` does), and the
// protocol itself is HandshakeExchange's `ExchangeSession`.
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeStore
import Observation

/// A nearby exchange for one person: the meeting, the session and what is kept.
///
/// ```swift
/// let coordinator = NearbyCoordinator(account: account, frontEnd: screen, configuration: .init(gate: faceID))
/// try await coordinator.run(.discover(choice: nil))      // people appear in `coordinator.people`
/// // the person taps someone:  coordinator.choose(peer.id)
/// ```
@MainActor
@Observable
public final class NearbyCoordinator {
    /// The people found nearby, in the order found (discovery only).
    public var people: [NearbyPeer] { lobby.people }
    /// The session under way, once a connection became one: bind the screens to its `state`.
    public var session: ExchangeSession? { currentSession }
    /// What the person chose among the people nearby (a number, a shown name, the start of an instance
    /// name), once they chose; `nil` before.
    public var choice: String? { lobby.choice }
    /// How the last session ended, once it did.
    public var ending: SessionEnding? { lastEnding }

    var currentSession: ExchangeSession?
    var lastEnding: SessionEnding?

    @ObservationIgnored let account: HandshakeAccount
    @ObservationIgnored let card: SignedCard
    @ObservationIgnored let trustedKeys: [SigningPublicKey]
    @ObservationIgnored let configuration: Configuration
    @ObservationIgnored weak var frontEnd: (any NearbyFrontEnd)?
    var lobby = NearbyLobby(own: "")
    /// Where the contact came from, as the contact book records it.
    @ObservationIgnored var source: ContactSource = .nearby
    @ObservationIgnored var channelOpened = false
    @ObservationIgnored var acted = false
    @ObservationIgnored var saidExchange = false
    @ObservationIgnored var saving = false
    @ObservationIgnored var savedContactID: Int64?
    /// The name of the contact kept in this session, for the sentence of a run that ends short after it.
    @ObservationIgnored var savedContactName: String?
    @ObservationIgnored var noteSent = false
    /// The card was stored (or refused) and the person answered every question about it.
    @ObservationIgnored var savingDone = false
    @ObservationIgnored var noteAsked = false
    @ObservationIgnored var noteSkipped = false
    /// A close is on its way after a grace (``closeSoon(_:)``).
    @ObservationIgnored var closingSoon = false
    @ObservationIgnored var theirNoteShown = false
    @ObservationIgnored var timedOut = false
    @ObservationIgnored var reportedFriends: CommonFriendsStatus = .pending
    @ObservationIgnored var shownIncoming = false
    @ObservationIgnored var sessionHasSecret = false
    @ObservationIgnored var claimed = false
    /// Why the one attempt on a shown code failed.
    @ObservationIgnored var codeFailure: ShortCodeError?
    /// Called once when the session's channel opens (a token's or code's advertisement stops then).
    @ObservationIgnored var whenChannelOpens: (@MainActor () async -> Void)?
    /// Whoever follows the list of people found (``peopleUpdates()``).
    @ObservationIgnored var peopleWatchers: [UUID: AsyncStream<[NearbyPeer]>.Continuation] = [:]
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
    var commonFriendsNearby: [String: CommonFriendsStatus] = [:]
    /// Ends discovery: the chosen session is over.
    @ObservationIgnored var discoveryOver: AsyncStream<Void>.Continuation?
    /// Stops advertising and browsing, once a session is chosen.
    @ObservationIgnored var stopDiscovery: (@MainActor () async -> Void)?

    /// Where to listen and advertise, and how long to wait.
    public struct Configuration: Sendable {
        /// The address to listen on (all by default).
        public var host = "0.0.0.0"
        /// The port to listen on (0: any free port).
        public var port = 0
        /// The network interface to advertise and browse on (`nil`: the first that can multicast).
        public var interface: String?
        /// Whether devices nearby see the card's name while this one is looking (otherwise a random id).
        public var showsName = false
        /// Whether this device sends its card at once when the channel opens (the other device was chosen
        /// already: by a token, a code or an address). The front end is not asked on the confirm screen then.
        public var requestsAtOnce = false
        /// What a request sends when it is made without asking: both cards, or ours only.
        public var requestKind: RequestKind = .exchange
        /// How the session waits and keeps time.
        public var clock: any ExchangeClock = SystemExchangeClock()
        /// How long, without a note of ours, to wait for theirs before closing.
        public var noteGrace: Duration = .seconds(3)
        /// The app's say before the person's identity key signs (Face ID, a passcode); the front end's
        /// decisions are asked in any case.
        public var gate: any ConfirmationGate

        /// The defaults (any address and port, the first interface, no name shown) with the app's `gate`,
        /// which has no default: `AlwaysConfirm` is a choice a front end makes, never one made for it.
        public init(gate: any ConfirmationGate) {
            self.gate = gate
        }
    }

    /// A coordinator for `account`, showing and asking through `frontEnd` (held weakly: the front end owns
    /// the coordinator).
    /// - Throws: `CardFieldError` when the account's card cannot be issued; the book's error.
    public init(account: HandshakeAccount, frontEnd: any NearbyFrontEnd, configuration: Configuration) throws {
        self.account = account
        self.frontEnd = frontEnd
        self.configuration = configuration
        card = try account.issueCard()
        trustedKeys = try account.book.trustedSigningKeys()
    }

    // MARK: Running

    /// Meets the other device in `meeting`'s way, runs the session, and returns the meeting's record once
    /// the exchange completed.
    /// - Throws: ``NearbyCoordinatorError`` with a sentence when it did not complete within `timeout`, or
    ///   ``NearbyCoordinatorError/stopped`` when the task running it was cancelled (the person left).
    @discardableResult
    public func run(_ meeting: NearbyMeeting, timeout: Duration) async throws(NearbyCoordinatorError) -> ExchangeRecord {
        let meet = Task { try await self.meet(meeting) }
        let clock = configuration.clock
        let deadline = clock.now().monotonic + timeout
        let timer = Task {
            try await clock.sleep(until: deadline)
            self.timedOut = true
            // A session under way ends by its own rules; a device still looking stops looking.
            if let session = self.session { session.close() } else { meet.cancel() }
        }
        defer { timer.cancel() }
        // Cancelling the run stops the meeting: a session under way closes, a device still looking stops.
        let result = await withTaskCancellationHandler {
            await meet.result
        } onCancel: {
            Task { @MainActor in if let session = self.session { session.close() } else { meet.cancel() } }
        }
        if case .completed(let record)? = ending { return record }
        let error: NearbyCoordinatorError
        if Task.isCancelled {
            error = .stopped
        } else if case .failure(let failure) = result {
            error = (failure as? NearbyCoordinatorError) ?? .transport("\(failure)")
        } else if timedOut {
            let seconds = Int((timeout / .seconds(1)).rounded(.up))
            // A selection that named nobody in the list says so, rather than only that time ran out.
            if case .discover(let choice?) = meeting, session == nil, lobby.chosenPeer == nil {
                error = .nobodyChosen(choice, seconds: seconds)
            } else {
                error = .timedOut(seconds: seconds)
            }
        } else {
            error = .notCompleted(ending)
        }
        // A card the person added stays when the session ends short after it (nearby.md §7): say so.
        if let name = savedContactName { throw .endedAfterKeeping(error, name: name) }
        throw error
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
                    await self.drive(transport, role: .initiator)
                }
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

    /// Whether a new connection may become the session: only while none is claimed, running or done. The
    /// claim is taken before the first suspension, so of two connections at once one is turned away.
    func claim() -> Bool {
        guard !claimed && session == nil && ending == nil else { return false }
        claimed = true
        return true
    }

    /// Gives the claim back after a connection that never opened its channel (a wrong token or code), so the
    /// screen goes on waiting.
    func release() {
        claimed = false
        currentSession = nil
    }

    /// Runs a session over `transport` to its end. `secret` comes from a token or a code (nil: the people
    /// compare the 6-digit code). Returns the ending; `ending` is set only for a session whose channel opened,
    /// so a connection that failed its handshake (a wrong token or code) leaves the screen open for the next.
    @discardableResult
    func drive(_ transport: any ExchangeTransport, role: ChannelRole, secret: SessionSecret? = nil) async -> SessionEnding? {
        let session = makeSession(transport, role: role, secret: secret)
        self.currentSession = session
        sessionHasSecret = secret != nil
        let running = Task { await session.run() }
        for await state in session.stateUpdates() { await handle(state, session) }
        await running.value
        guard case .ended(let final) = session.state else { return nil }
        if channelOpened || secret == nil { finish(final) } else { release() }
        return final
    }

    /// A session of this person's over `transport`, not yet running; its common friends are found on `terms`.
    func makeSession(
        _ transport: any ExchangeTransport, role: ChannelRole, secret: SessionSecret?, commonFriends terms: CommonFriendsTerms = .standard
    ) -> ExchangeSession {
        ExchangeSession(
            role: role, secret: secret, identity: account.identity, card: card, transport: transport, trustedContacts: trustedKeys,
            commonFriends: terms, gate: configuration.gate, clock: configuration.clock)
    }

    func show(_ event: NearbyEvent) {
        frontEnd?.show(event)
    }
}
