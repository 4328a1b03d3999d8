/// A Bluetooth LE link between two devices, simulated: there is no radio where Handshake is built, so tests
/// and benchmarks run the exchange over this instead. It models what matters to the protocol — the MTU,
/// latency, throughput and packet loss — on a virtual clock, seeded so a run can be repeated exactly.
///
/// What it is not: a model of BLE's own link layer (which retransmits below GATT); loss here stands for
/// everything that can still drop a GATT write or notification between two apps.
public struct SimulatedLink: Sendable {
    /// The radio between the two devices: packet size, delay, speed and loss.
    public struct Conditions: Sendable, Equatable {
        /// The negotiated ATT MTU (185 is common between phones; 23 is BLE's minimum, 20 the floor here).
        public var mtu: Int = 185
        /// One-way delay of a packet.
        public var latency: Duration = .milliseconds(30)
        /// Bytes per second each way (BLE 4.2 with data length extension manages roughly 100 kB/s).
        public var bytesPerSecond: Int = 100_000
        /// Chance that a packet is lost, 0…1.
        public var loss: Double = 0
        /// Seeds the loss, so the same conditions lose the same packets.
        public var seed: UInt64 = 1

        /// Conditions from their parts; the defaults are a good link between two phones.
        public init(mtu: Int = 185, latency: Duration = .milliseconds(30), bytesPerSecond: Int = 100_000, loss: Double = 0, seed: UInt64 = 1) {
            self.mtu = mtu
            self.latency = latency
            self.bytesPerSecond = bytesPerSecond
            self.loss = loss
            self.seed = seed
        }
    }

    /// The two ends of the link.
    public enum Side: Sendable, Equatable {
        /// One device (the initiator, in ``SimulatedExchange``), and the other.
        case a, b
    }

    struct Packet: Sendable {
        let arrival: Duration
        let order: Int
        let to: Side
        let bytes: [UInt8]
    }

    /// The conditions this link simulates.
    public let conditions: Conditions
    var random: SplitMix64
    var inFlight: [Packet] = []
    var busyUntil: [Side: Duration] = [.a: .zero, .b: .zero]
    var sentCount = 0
    /// Packets each side has sent.
    public private(set) var packetsSent: [Side: Int] = [.a: 0, .b: 0]
    /// Bytes each side has sent.
    public private(set) var bytesSent: [Side: Int] = [.a: 0, .b: 0]
    /// Packets dropped so far.
    public private(set) var packetsLost = 0

    /// A link with nothing in flight, at time zero.
    public init(conditions: Conditions) {
        self.conditions = conditions
        random = SplitMix64(seed: conditions.seed)
    }

    /// `from` writes a packet at `now`; it arrives after the time to send it plus the latency, unless lost.
    public mutating func send(_ bytes: [UInt8], from: Side, now: Duration) {
        let onAir = Duration.nanoseconds(Int64(bytes.count) * 1_000_000_000 / Int64(max(1, conditions.bytesPerSecond)))
        let start = max(now, busyUntil[from] ?? .zero)
        busyUntil[from] = start + onAir
        packetsSent[from, default: 0] += 1
        bytesSent[from, default: 0] += bytes.count
        sentCount += 1
        if Double(random.next() >> 11) / Double(1 << 53) < conditions.loss {
            packetsLost += 1
            return
        }
        inFlight.append(Packet(arrival: start + onAir + conditions.latency, order: sentCount, to: from == .a ? .b : .a, bytes: bytes))
    }

    /// When the next packet arrives; `nil` when none is in flight.
    public var nextArrival: Duration? { inFlight.map(\.arrival).min() }

    /// Takes every packet that has arrived by `now`, in arrival order.
    public mutating func arrivals(by now: Duration) -> [(to: Side, bytes: [UInt8])] {
        let due = inFlight.filter { $0.arrival <= now }.sorted { ($0.arrival, $0.order) < ($1.arrival, $1.order) }
        inFlight.removeAll { $0.arrival <= now }
        return due.map { ($0.to, $0.bytes) }
    }
}

/// SplitMix64: a small, well-known generator; enough to make losses repeatable, not for anything secret.
struct SplitMix64: Sendable {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
