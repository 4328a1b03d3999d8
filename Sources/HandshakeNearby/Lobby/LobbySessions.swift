// Establishes the state of the sessions the list of people nearby holds, as the bounds of `LobbyRules` see
// it: which sessions are seated (each with a device in the list), when each last moved, which one is the
// exchange, whose common friends were counted, how many connections wait for their device to appear, and
// which refusals the person was told of. Each decision is a function of that state and the moment it is
// asked at: the coordinator applies them (closes, allows, shows). It does not hold sessions or connections.

/// The sessions of the list of people nearby while it is open, and the bounds they live under.
struct LobbySessions<ID: Hashable & Sendable>: Sendable {
    /// One session in the list.
    struct Seat: Sendable, Equatable {
        let id: ID
        /// The instance name of the device in the list it is with.
        let device: String
        /// The address it came from, for a connection the other device opened.
        let address: String?
        /// When it last moved (connected, opened its channel, found its common friends).
        var lastActivity: Duration
        var phase: Phase
    }

    /// Where a seated session is.
    enum Phase: Sendable, Equatable {
        /// Its secure channel is being set up.
        case connecting
        /// Its channel is open; it waits in the list.
        case open
        /// It is the exchange: never closed for room or for idleness.
        case adopted
    }

    /// Whether a device's common friends were allowed while the list is open: by one session whose channel
    /// has not opened yet (given back if it ends before), or for good.
    enum Count: Sendable, Equatable {
        case pending(ID)
        case spent
    }

    /// What asking for a seat decided.
    enum Admission: Sendable, Equatable {
        case seated(Seating)
        case refused(LobbyRefusal)
    }

    /// What seating a session decided.
    struct Seating: Sendable, Equatable {
        /// The sessions to close to make room, idle the longest first.
        var evicted: [ID]
        /// Whether this session may find its device's common friends.
        var countsCommonFriends: Bool
        /// Other sessions that may find their device's common friends now, handed on from a session closed
        /// for room before its channel opened (``leave(_:)``).
        var handedOn: [ID] = []
    }

    private(set) var seats: [Seat] = []
    private(set) var counts: [String: Count] = [:]
    private(set) var waiting = 0
    private var told: Set<LobbyRefusal> = []

    /// Seats a session with `device` at `now`; `address` is where it came from when the other device connected.
    /// Room is made by closing the sessions idle the longest (never the exchange); a session that arrived is
    /// refused when its address has ``LobbyRules/sessionsPerAddress`` seated already.
    mutating func seat(_ id: ID, device: String, arrivedFrom address: String?, at now: Duration) -> Admission {
        if let address, seats.count(where: { $0.address == address }) >= LobbyRules.sessionsPerAddress {
            return .refused(.tooManyFromAddress(address: address))
        }
        var seating = Seating(evicted: [], countsCommonFriends: false)
        while seats.count >= LobbyRules.capacity,
            let idlest = seats.filter({ $0.phase != .adopted }).min(by: { $0.lastActivity < $1.lastActivity })
        {
            seating.evicted.append(idlest.id)
            if let next = leave(idlest.id) { seating.handedOn.append(next) }
        }
        seating.countsCommonFriends = counts[device] == nil && counts.count < LobbyRules.countedDevices
        if seating.countsCommonFriends { counts[device] = .pending(id) }
        seats.append(Seat(id: id, device: device, address: address, lastActivity: now, phase: .connecting))
        return .seated(seating)
    }

    /// The session's channel opened at `now`: common friends allowed to it are spent from here on, even if it
    /// ends at once (its reply to the other device's set may be on its way).
    mutating func opened(_ id: ID, at now: Duration) {
        guard let index = seats.firstIndex(where: { $0.id == id }), seats[index].phase == .connecting else { return }
        seats[index].phase = .open
        seats[index].lastActivity = now
        if counts[seats[index].device] == .pending(id) { counts[seats[index].device] = .spent }
    }

    /// The session moved at `now`.
    mutating func touch(_ id: ID, at now: Duration) {
        guard let index = seats.firstIndex(where: { $0.id == id }) else { return }
        seats[index].lastActivity = now
    }

    /// The session became the exchange.
    mutating func adopt(_ id: ID) {
        guard let index = seats.firstIndex(where: { $0.id == id }) else { return }
        seats[index].phase = .adopted
        if counts[seats[index].device] == .pending(id) { counts[seats[index].device] = .spent }
    }

    /// The session left the list. When it ended before its channel opened, the common friends allowed to it
    /// were never found: another session with the same device may find them, and is returned to be allowed.
    @discardableResult
    mutating func leave(_ id: ID) -> ID? {
        guard let index = seats.firstIndex(where: { $0.id == id }) else { return nil }
        let seat = seats.remove(at: index)
        guard counts[seat.device] == .pending(id) else { return nil }
        counts[seat.device] = nil
        guard let next = seats.first(where: { $0.device == seat.device && $0.phase != .adopted }) else { return nil }
        counts[seat.device] = next.phase == .connecting ? .pending(next.id) : .spent
        return next.id
    }

    /// When the session is idle enough to be closed (``LobbyRules/idle`` after it last moved); `nil` for the
    /// exchange, or a session no longer seated.
    func idleDeadline(of id: ID) -> Duration? {
        guard let seat = seats.first(where: { $0.id == id }), seat.phase != .adopted else { return nil }
        return seat.lastActivity + LobbyRules.idle
    }

    /// A connection starts waiting for its device to appear in the list; `false` when too many wait already.
    mutating func startWaiting() -> Bool {
        guard waiting < LobbyRules.waitingArrivals else { return false }
        waiting += 1
        return true
    }

    /// A connection stopped waiting (its device appeared, or its time ran out).
    mutating func stopWaiting() {
        waiting = max(0, waiting - 1)
    }

    /// Whether the person has not been told of `refusal` yet while the list is open (each is said once).
    mutating func isNews(_ refusal: LobbyRefusal) -> Bool {
        told.insert(refusal).inserted
    }
}
