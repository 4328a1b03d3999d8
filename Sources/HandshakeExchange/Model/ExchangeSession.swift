import Foundation
import HandshakeCore
import Observation

/// A nearby exchange with one person, as an app binds its screens to it: ``state`` is observable from
/// SwiftUI (Observation) and as an async sequence (``stateUpdates()``), ``events()`` carries the moments
/// worth a banner, and the methods are the buttons.
///
/// It owns what the sans-I/O `NearbySession` must not: the connection (an ``ExchangeTransport``), the
/// clock, the identity that signs card offers, and the app's ``ConfirmationGate`` that is asked before each
/// signature. Every wait ends: the session's own timeouts run on the injected clock.
///
/// ```swift
/// let session = ExchangeSession(role: .initiator, secret: nil, identity: identity, card: myCard, transport: connection, gate: AlwaysConfirm())
/// Task { await session.run() }
/// // on the confirm screen, after the two people compared `shortCode`:
/// try await session.exchange()
/// ```
@MainActor
@Observable
@_spi(Wire) public final class ExchangeSession {
    /// The screen the session is on.
    public private(set) var state: SessionState

    @ObservationIgnored var core: NearbySession
    @ObservationIgnored let identity: Identity
    @ObservationIgnored let card: SignedCard
    @ObservationIgnored let transport: any ExchangeTransport
    @ObservationIgnored let gate: any ConfirmationGate
    @ObservationIgnored let clock: any ExchangeClock
    @ObservationIgnored var outbox: AsyncStream<Outgoing>.Continuation?
    @ObservationIgnored var pending: [Outgoing] = []
    @ObservationIgnored var timer: Task<Void, Never>?
    @ObservationIgnored var armedDeadline: Duration?
    @ObservationIgnored var stateWatchers: [UUID: AsyncStream<SessionState>.Continuation] = [:]
    @ObservationIgnored var eventWatchers: [UUID: AsyncStream<SessionEvent>.Continuation] = [:]

    enum Outgoing: Sendable {
        case bytes([UInt8])
        case close
    }

    /// A session on a fresh connection. The device that connected is the initiator; `secret` comes from an
    /// NFC tap or a typed short code (`nil`: the two people compare the 6-digit code instead). `card` is the
    /// card the person's sharing profile issued; it must be `identity`'s.
    /// `trustedContacts` are the signing keys of the person's TRUSTED contacts, most recently met first: the
    /// common friends are looked for among them. `gate` has the app's say before the identity key signs
    /// (Face ID, a passcode): it has no default, so an app cannot sign without asking by forgetting it;
    /// ``AlwaysConfirm`` is the choice of a front end whose person already said yes (a test, `--yes`).
    /// `commonFriendCards` is the book's newest card of each of those contacts: after the swap, the session
    /// offers the other device the ones it holds older and takes theirs that are newer (``SessionEvent/carriedCard(_:)``);
    /// `nil` carries nothing.
    public convenience init(
        role: ChannelRole, secret: SessionSecret?, identity: Identity, card: SignedCard, transport: any ExchangeTransport,
        trustedContacts: [SigningPublicKey] = [], commonFriendCards: (any CommonFriendCards)? = nil, gate: any ConfirmationGate,
        clock: any ExchangeClock = SystemExchangeClock(), timeouts: SessionTimeouts = SessionTimeouts()
    ) {
        self.init(
            role: role, secret: secret, identity: identity, card: card, transport: transport, trustedContacts: trustedContacts,
            commonFriends: .standard, commonFriendCards: commonFriendCards, gate: gate, clock: clock, timeouts: timeouts)
    }

    /// A session as above whose common friends are found on `terms`: a session in the list of people nearby
    /// withholds them until the app allows it (``allowCommonFriends()``), and compares smaller sets. Such a
    /// session sends `photo`, the device's list photo (at most `SessionMessage.photoBytes`), once its channel
    /// opens.
    @_spi(Wire) public init(
        role: ChannelRole, secret: SessionSecret?, identity: Identity, card: SignedCard, transport: any ExchangeTransport,
        trustedContacts: [SigningPublicKey] = [], commonFriends terms: CommonFriendsTerms, photo: Avatar? = nil,
        commonFriendCards: (any CommonFriendCards)? = nil, gate: any ConfirmationGate,
        clock: any ExchangeClock = SystemExchangeClock(), timeouts: SessionTimeouts = SessionTimeouts()
    ) {
        precondition((photo?.data.count ?? 0) <= SessionMessage.photoBytes, "a list photo is at most SessionMessage.photoBytes")
        precondition(card.card.sigKey == identity.sigKey, "a session shares only its own identity's card")
        self.identity = identity
        self.card = card
        self.transport = transport
        self.gate = gate
        self.clock = clock
        core = NearbySession(
            channel: SecureChannel(role: role, secret: secret), ownKey: identity.sigKey, trustedContacts: trustedContacts,
            terms: terms, timeouts: timeouts, now: clock.now(), defersCommonFriends: true, photo: photo,
            commonFriendCards: commonFriendCards)
        state = core.state
    }

    /// Runs the session until it ends: reads the connection, writes to it, and keeps the timeouts. Returns
    /// when the session is over (``state`` is then ``SessionState/ended(_:)``) and the connection closed.
    public func run() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Outgoing.self)
        outbox = continuation
        pending.forEach { continuation.yield($0) }
        pending = []
        apply(core.start())
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { [transport] in
                for await item in stream {
                    switch item {
                    case .bytes(let bytes):
                        do { try await transport.send(bytes) } catch { break }
                    case .close:
                        await transport.close()
                        return true
                    }
                }
                return true
            }
            group.addTask { [transport, weak self] in
                do {
                    for try await chunk in transport.incoming { await self?.received(chunk) }
                } catch {}
                await self?.connectionEnded()
                return false
            }
            // The writer ends when the session does; then nothing more is read. The reader may end first
            // (the connection closed) while the work on the peer's last messages is still being done.
            for await writerEnded in group where writerEnded { break }
            group.cancelAll()
        }
        timer?.cancel()
    }

    // MARK: The person's actions

    /// "Exchange cards": on the confirm screen it sends a request with our card; on an incoming request it
    /// accepts. The confirmation gate is asked first; nothing is signed if it refuses.
    public func exchange(kind: RequestKind = .exchange) async throws(SessionActionError) {
        let incoming: IncomingRequestScreen?
        switch state {
        case .confirm: incoming = nil
        case .incomingRequest(let screen): incoming = screen
        default: throw .notNow(.request)
        }
        // A one-way request is accepted without giving anything: nothing to sign, nothing to confirm.
        if incoming?.kind == .give { return try perform { session, now throws(SessionActionError) in try session.accept(nil, now: now) } }
        guard await gate.confirmSharing(with: incoming?.theirCard.card.name) else { throw .notConfirmed }
        // The state may have moved while the gate was up (the request expired, the other side left).
        guard let hash = core.session.handshakeHash else { throw .notNow(.request) }
        let offer = SessionBinding.offer(card: card, identity: identity, handshakeHash: hash, ownRole: core.session.role)
        try perform { session, now throws(SessionActionError) in try session.request(offer, kind: kind, now: now) }
    }

    /// Declines their request.
    public func decline() throws(SessionActionError) {
        try perform { session, now throws(SessionActionError) in try session.decline(now: now) }
    }

    /// Takes our request back.
    public func cancel() throws(SessionActionError) {
        try perform { session, now throws(SessionActionError) in try session.cancel(now: now) }
    }

    /// Sends our one note (after the swap).
    public func sendNote(_ text: String) throws(SessionActionError) {
        let note: EphemeralNote
        do throws(NoteError) { note = try EphemeralNote(text) } catch { throw .note(error) }
        try perform { session, now throws(SessionActionError) in try session.sendNote(note, now: now) }
    }

    /// Lets the common friends be found, in a session whose terms withhold them until now (a session in the
    /// list of people nearby); nothing happens otherwise.
    @_spi(Wire) public func allowCommonFriends() {
        apply(core.allowCommonFriends(now: clock.now()))
    }

    /// Leaves the session.
    public func close() {
        apply(core.close(now: clock.now()))
    }

    // MARK: Observing

    /// The states from now on, starting with the current one; finishes when the session ends.
    public func stateUpdates() -> AsyncStream<SessionState> {
        let (stream, continuation) = AsyncStream.makeStream(of: SessionState.self)
        continuation.yield(state)
        if case .ended = state {
            continuation.finish()
        } else {
            let id = UUID()
            stateWatchers[id] = continuation
            continuation.onTermination = { _ in Task { @MainActor [weak self] in self?.stateWatchers[id] = nil } }
        }
        return stream
    }

    /// Incoming requests, notes and endings as they happen; finishes when the session ends.
    public func events() -> AsyncStream<SessionEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: SessionEvent.self)
        if case .ended = state {
            continuation.finish()
        } else {
            let id = UUID()
            eventWatchers[id] = continuation
            continuation.onTermination = { _ in Task { @MainActor [weak self] in self?.eventWatchers[id] = nil } }
        }
        return stream
    }

    // MARK: Driving the core

    func perform(_ action: (inout PeerSession, SessionInstant) throws(SessionActionError) -> [SessionOutput]) throws(SessionActionError) {
        let now = clock.now()
        let output = try core.perform { (session: inout PeerSession) throws(SessionActionError) in try action(&session, now) }
        apply(output)
    }

    func received(_ bytes: [UInt8]) {
        apply(core.receive(bytes, now: clock.now()))
    }

    func connectionEnded() {
        apply(core.connectionLost())
    }

    func timerFired() {
        apply(core.tick(now: clock.now()))
    }

    func apply(_ output: NearbyOutput) {
        if !output.bytes.isEmpty { write(.bytes(output.bytes)) }
        if output.disconnect {
            write(.close)
            outbox?.finish()
        }
        let newState = core.state
        if newState != state {
            state = newState
            stateWatchers.values.forEach { $0.yield(newState) }
        }
        for event in output.events { eventWatchers.values.forEach { $0.yield(event) } }
        if case .ended = newState {
            stateWatchers.values.forEach { $0.finish() }
            eventWatchers.values.forEach { $0.finish() }
            stateWatchers = [:]
            eventWatchers = [:]
            timer?.cancel()
            armedDeadline = nil
        } else {
            rearm()
            startCommonFriendsWork()
        }
    }

    /// Runs the common-friends work the core owes on a background thread, so the cards never wait behind it
    /// (docs/protocols/nearby.md §2): a request that arrives meanwhile is answered at once, and the card path
    /// keeps the CPU (``BackgroundThread``).
    func startCommonFriendsWork() {
        guard let taken = core.takeCommonFriendsWork() else { return }
        Task { [weak self] in
            let work = await BackgroundThread.run {
                var work = taken
                work.run()
                return work
            }
            self?.commonFriendsWorkDone(work)
        }
    }

    func commonFriendsWorkDone(_ work: CommonFriendsWork) {
        apply(core.finishCommonFriendsWork(work, now: clock.now()))
    }

    func write(_ item: Outgoing) {
        if let outbox { outbox.yield(item) } else { pending.append(item) }
    }

    /// Keeps one timer, set for the session's next deadline.
    func rearm() {
        let deadline = core.nextDeadline
        guard deadline != armedDeadline else { return }
        timer?.cancel()
        armedDeadline = deadline
        guard let deadline else { return }
        timer = Task { [clock, weak self] in
            do { try await clock.sleep(until: deadline) } catch { return }
            self?.timerFired()
        }
    }
}
