import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeNearby

/// A whole nearby exchange between two people over a ``SimulatedLink``, on a virtual clock: the real
/// sessions (secure channel, intent, card swap, common friends) and the real Bluetooth stream protocol
/// (``LinkEndpoint``), with only the radio simulated. Tests use it for faults, benchmarks for timings.
///
/// The people are scripted (``Person``): what each chooses, and when one vanishes. Every run ends — by the
/// sessions' own outcomes or timeouts, never by waiting forever; `limit` only bounds a run whose scripted
/// person never closes.
public struct SimulatedExchange {
    /// What a scripted person does.
    public struct Person: Sendable {
        /// What the person does on each screen.
        public enum Choice: Sendable, Equatable {
            /// Chooses the other person as soon as the channel is open (or accepts their request).
            case exchange
            /// Gives the card one way.
            case give
            /// Waits for a request and accepts it.
            case acceptWhenAsked
            /// Waits for a request and declines it.
            case decline
            /// Does nothing.
            case ignore
        }

        /// The person's identity, which signs their session binding.
        public var identity: Identity
        /// The card they give.
        public var card: SignedCard
        /// What they do.
        public var choice: Choice
        /// The keys of their trusted contacts, for common friends.
        public var trustedContacts: [SigningPublicKey]
        /// The note they send after the swap, if any.
        public var note: String?
        /// The device disappears (stops sending and receiving) at this virtual time.
        public var vanishesAt: Duration?

        /// A person with their identity, card and script.
        public init(identity: Identity, card: SignedCard, choice: Choice = .exchange, trustedContacts: [SigningPublicKey] = [], note: String? = nil, vanishesAt: Duration? = nil) {
            self.identity = identity
            self.card = card
            self.choice = choice
            self.trustedContacts = trustedContacts
            self.note = note
            self.vanishesAt = vanishesAt
        }
    }

    /// What happened.
    public struct Report: Sendable {
        /// Where the initiator's session ended up.
        @_spi(Wire) public var initiator: SessionState
        /// Where the responder's session ended up.
        @_spi(Wire) public var responder: SessionState
        /// Virtual time from the first byte until both sides held what they were to receive; `nil` if never.
        public var swapCompletedAt: Duration?
        /// Virtual time until both sessions ended (or the run was stopped).
        public var elapsed: Duration
        /// Stream bytes each side sent (retransmissions included).
        public var bytesSent: (initiator: Int, responder: Int)
        /// Packets each side sent (retransmissions and acknowledgements included).
        public var packetsSent: (initiator: Int, responder: Int)
        /// Packets the link dropped.
        public var packetsLost: Int
    }

    /// Runs the exchange. `initiator` opens the connection.
    public static func run(
        initiator: Person, responder: Person, conditions: SimulatedLink.Conditions, secret: SessionSecret? = nil,
        timeouts: SessionTimeouts = SessionTimeouts(), limit: Duration = .seconds(900), wallStart: Date = Date()
    ) throws(LinkError) -> Report {
        var run = try Run(people: [initiator, responder], conditions: conditions, secret: secret, timeouts: timeouts, wallStart: wallStart)
        return run.go(limit: limit)
    }
}

/// One run's moving parts; index 0 is the initiator (link side `a`), 1 the responder (side `b`).
struct Run {
    let people: [SimulatedExchange.Person]
    var sessions: [NearbySession]
    var endpoints: [LinkEndpoint]
    var link: SimulatedLink
    var now: Duration = .zero
    let wallStart: Date
    var acted = [false, false]
    var noteSent = [false, false]
    var closed = [false, false]
    var finished = [false, false]
    var swapCompletedAt: Duration?

    init(people: [SimulatedExchange.Person], conditions: SimulatedLink.Conditions, secret: SessionSecret?, timeouts: SessionTimeouts, wallStart: Date) throws(LinkError) {
        self.people = people
        self.wallStart = wallStart
        let start = SessionInstant(monotonic: .zero, wall: wallStart)
        sessions = [
            NearbySession(role: .initiator, secret: secret, ownKey: people[0].identity.sigKey, trustedContacts: people[0].trustedContacts, timeouts: timeouts, now: start),
            NearbySession(role: .responder, secret: secret, ownKey: people[1].identity.sigKey, trustedContacts: people[1].trustedContacts, timeouts: timeouts, now: start),
        ]
        let configuration = LinkEndpoint.Configuration(mtu: conditions.mtu)
        endpoints = [try LinkEndpoint(configuration: configuration), try LinkEndpoint(configuration: configuration)]
        link = SimulatedLink(conditions: conditions)
    }

    var instant: SessionInstant { SessionInstant(monotonic: now, wall: wallStart.addingTimeInterval(Double(now.components.seconds) + Double(now.components.attoseconds) / 1e18)) }
    func side(_ index: Int) -> SimulatedLink.Side { index == 0 ? .a : .b }
    func present(_ index: Int) -> Bool { people[index].vanishesAt.map { now < $0 } ?? true }

    mutating func go(limit: Duration) -> SimulatedExchange.Report {
        for index in 0..<2 { apply(sessions[index].start(), at: index) }
        // Each step either moves virtual time on or changes some state; the step bound only turns a bug
        // that would spin forever into a run that stops.
        var steps = 0
        while now <= limit && steps < 1_000_000 {
            steps += 1
            for index in 0..<2 where present(index) { act(index) }
            if isOver { break }
            guard let next = nextEvent() else { break }
            now = max(now, next)
            for (to, bytes) in link.arrivals(by: now) {
                let index = to == .a ? 0 : 1
                guard present(index) else { continue }
                do throws(LinkError) {
                    let output = try endpoints[index].receive(bytes, now: now)
                    deliver(output, at: index)
                } catch {
                    apply(sessions[index].connectionLost(reason: error.description), at: index)
                }
            }
            for index in 0..<2 where present(index) {
                do throws(LinkError) {
                    deliver(try endpoints[index].tick(now: now), at: index)
                } catch {
                    if !finished[index] { apply(sessions[index].connectionLost(reason: error.description), at: index) }
                    finished[index] = true
                }
                apply(sessions[index].tick(now: instant), at: index)
            }
        }
        return SimulatedExchange.Report(
            initiator: sessions[0].state, responder: sessions[1].state, swapCompletedAt: swapCompletedAt, elapsed: now,
            bytesSent: (link.bytesSent[.a] ?? 0, link.bytesSent[.b] ?? 0),
            packetsSent: (link.packetsSent[.a] ?? 0, link.packetsSent[.b] ?? 0), packetsLost: link.packetsLost)
    }

    var isOver: Bool {
        (0..<2).allSatisfy { index in
            if case .ended = sessions[index].state { return endpoints[index].isDrained || !present(index) || finished[index] }
            return !present(index)
        }
    }

    func nextEvent() -> Duration? {
        var candidates: [Duration] = []
        if let arrival = link.nextArrival { candidates.append(arrival) }
        for index in 0..<2 where present(index) {
            if let deadline = endpoints[index].nextDeadline { candidates.append(deadline) }
            if let deadline = sessions[index].nextDeadline { candidates.append(deadline) }
        }
        for person in people { if let gone = person.vanishesAt, gone > now { candidates.append(gone) } }
        return candidates.min()
    }

    mutating func deliver(_ output: LinkEndpoint.Output, at index: Int) {
        output.packets.forEach { link.send($0, from: side(index), now: now) }
        if !output.delivered.isEmpty { apply(sessions[index].receive(output.delivered, now: instant), at: index) }
        if endpoints[index].peerFinished && !finished[index] {
            finished[index] = true
            apply(sessions[index].connectionLost(), at: index)
        }
    }

    mutating func apply(_ output: NearbyOutput, at index: Int) {
        if !output.bytes.isEmpty { deliver(endpoints[index].send(output.bytes, now: now), at: index) }
        if output.disconnect && !closed[index] {
            closed[index] = true
            deliver(endpoints[index].finish(now: now), at: index)
        }
        noteSwap()
    }

    mutating func noteSwap() {
        guard swapCompletedAt == nil else { return }
        if case .succeeded = sessions[0].state, case .succeeded = sessions[1].state { swapCompletedAt = now }
    }

    /// The person's card bound to this session (signed only when it is about to be sent).
    func makeOffer(_ index: Int) -> CardOffer? {
        let person = people[index]
        let role = sessions[index].session.role
        return sessions[index].session.handshakeHash.map {
            SessionBinding.offer(card: person.card, identity: person.identity, handshakeHash: $0, ownRole: role)
        }
    }

    /// The scripted person's move on the current screen.
    mutating func act(_ index: Int) {
        let person = people[index]
        let state = sessions[index].state
        let now = instant
        switch state {
        case .confirm where !acted[index] && (person.choice == .exchange || person.choice == .give):
            acted[index] = true
            let kind: RequestKind = person.choice == .give ? .give : .exchange
            let offer = makeOffer(index)
            if let output = try? sessions[index].perform({ session throws(SessionActionError) in try session.request(offer, kind: kind, now: now) }) { apply(output, at: index) }
        case .incomingRequest(let screen) where !acted[index] && person.choice != .ignore:
            acted[index] = true
            let offer = screen.kind == .give ? nil : makeOffer(index)
            let answer: (inout PeerSession) throws(SessionActionError) -> [SessionOutput] = person.choice == .decline
                ? { session throws(SessionActionError) in try session.decline(now: now) }
                : { session throws(SessionActionError) in try session.accept(offer, now: now) }
            if let output = try? sessions[index].perform(answer) { apply(output, at: index) }
        case .succeeded(let screen):
            if let note = person.note, !noteSent[index], let text = try? EphemeralNote(note) {
                noteSent[index] = true
                if let output = try? sessions[index].perform({ session throws(SessionActionError) in try session.sendNote(text, now: now) }) { apply(output, at: index) }
            }
            let theirs = people[1 - index].note == nil || screen.theirNote != nil
            if theirs && (person.note == nil || noteSent[index]) && !closed[index] { apply(sessions[index].close(now: now), at: index) }
        default:
            break
        }
    }
}
