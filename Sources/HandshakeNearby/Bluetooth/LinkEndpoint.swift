/// One end of the reliable stream the nearby exchange runs over Bluetooth LE, without I/O: stream bytes and
/// received packets in, packets to send and delivered bytes out, retransmission driven by clock ticks.
///
/// It is a small selective-repeat protocol: up to ``Configuration/window`` DATA packets in flight, each
/// retransmitted after ``Configuration/retransmitAfter`` until acknowledged, at most
/// ``Configuration/maxRetries`` times; the receiver keeps out-of-order packets within the window, delivers in
/// order and acknowledges cumulatively. A loss shows as acknowledgements that stop moving: the second
/// duplicate sends the missing packet again at once, and until the acknowledgements pass what was in flight
/// then, each one that stops short sends the next hole again too (fast retransmit and recovery, as TCP). What it does not do: congestion control (a BLE link between two
/// phones has no one else to share with) or any protection (the secure channel above does that).
public struct LinkEndpoint: Sendable {
    /// How the stream protocol behaves on one link: packet size, how much is in flight, how hard it retries.
    public struct Configuration: Sendable, Equatable {
        /// The negotiated ATT MTU; a packet is at most MTU − 3 bytes (the ATT header).
        public var mtu: Int = 185
        /// How many packets may be unacknowledged at once: enough to keep the link busy across its latency.
        public var window: Int = 128
        /// How long a packet waits for its acknowledgement before it is sent again (when no duplicate
        /// acknowledgements have already brought it back sooner).
        public var retransmitAfter: Duration = .milliseconds(250)
        /// How many times one packet is sent again before the link gives up with ``LinkError/tooManyLosses(retries:)``.
        public var maxRetries: Int = 10

        /// The usual settings for a link with the given MTU.
        public init(mtu: Int = 185) { self.mtu = mtu }

        /// The largest packet: what one GATT write or notification carries.
        public var packetSize: Int { mtu - 3 }
        var dataPerPacket: Int { packetSize - LinkPacket.headerSize }
    }

    struct InFlight: Sendable {
        var packet: LinkPacket
        var sentAt: Duration
        var retries: Int
    }

    /// The settings this endpoint runs with.
    public let configuration: Configuration
    var nextToSend: UInt16 = 0
    var unsent: [UInt8] = []
    var finQueued = false
    var finSent = false
    var inFlight: [UInt16: InFlight] = [:]
    var oldestUnacked: UInt16 = 0
    var nextExpected: UInt16 = 0
    var outOfOrder: [UInt16: LinkPacket] = [:]
    /// Acknowledgements in a row that did not move `oldestUnacked`: the receiver is past a hole.
    var duplicateAcks = 0
    /// While recovering from a loss found by duplicate acknowledgements: the number sent next when the
    /// recovery began. Until an acknowledgement reaches it, each one that moves forward but stops short
    /// points at the next hole, which is sent again at once.
    var recoveringUntil: UInt16?
    /// Whether the other side has ended its stream (its FIN arrived, in order).
    public private(set) var peerFinished = false
    /// Why the link gave up, once it has; nothing more is sent or delivered after that.
    public private(set) var failure: LinkError?

    /// An endpoint ready to send and receive.
    /// - Throws: ``LinkError/mtuTooSmall(_:)`` when the MTU leaves no room for data.
    public init(configuration: Configuration = Configuration()) throws(LinkError) {
        guard configuration.mtu >= 20 else { throw .mtuTooSmall(configuration.mtu) }
        self.configuration = configuration
    }

    /// What one input produced.
    public struct Output: Sendable, Equatable {
        /// Packets to write to the link, in order.
        public var packets: [[UInt8]] = []
        /// Stream bytes that arrived, in order.
        public var delivered: [UInt8] = []
    }

    /// Queues stream bytes to send.
    public mutating func send(_ bytes: [UInt8], now: Duration) -> Output {
        unsent += bytes
        return fill(now: now)
    }

    /// Ends our side of the stream once everything queued has gone.
    public mutating func finish(now: Duration) -> Output {
        finQueued = true
        return fill(now: now)
    }

    /// Whether everything we sent, end-of-stream included, was acknowledged.
    public var isDrained: Bool { unsent.isEmpty && inFlight.isEmpty && (!finQueued || finSent) }

    /// A packet from the link.
    public mutating func receive(_ bytes: [UInt8], now: Duration) throws(LinkError) -> Output {
        guard failure == nil else { throw failure ?? .malformedPacket("the link has failed") }
        let packet = try LinkPacket(decoding: bytes, maxSize: configuration.packetSize)
        var output = Output()
        switch packet {
        case .ack(let next):
            // Everything before `next` arrived: forget it, if `next` is within what we have in flight.
            let acknowledged = Int(next &- oldestUnacked)
            if acknowledged > 0 && acknowledged <= inFlight.count {
                for offset in 0..<acknowledged { inFlight[oldestUnacked &+ UInt16(offset)] = nil }
                oldestUnacked = next
                duplicateAcks = 0
                if let until = recoveringUntil {
                    // Past the point where recovery began: every hole found then is filled.
                    if Int16(bitPattern: next &- until) >= 0 { recoveringUntil = nil } else { output.packets += resend(next, now: now) }
                }
            } else if acknowledged == 0 && !inFlight.isEmpty {
                // A packet after `next` arrived but `next` did not: after the second such acknowledgement,
                // send it again now rather than when its timer runs out (fast retransmit, as TCP does).
                duplicateAcks += 1
                if duplicateAcks == 2 && recoveringUntil == nil {
                    recoveringUntil = nextToSend
                    output.packets += resend(next, now: now)
                }
            }
            let more = fill(now: now)
            output.packets += more.packets
        case .data(let sequence, _), .fin(let sequence):
            let ahead = Int(sequence &- nextExpected)
            if ahead < configuration.window { outOfOrder[sequence] = packet }
            while let next = outOfOrder.removeValue(forKey: nextExpected) {
                nextExpected &+= 1
                if case .data(_, let payload) = next { output.delivered += payload } else { peerFinished = true }
            }
            // Acknowledge every data packet, duplicates too: the sender's ACK may have been lost.
            output.packets.append(LinkPacket.ack(next: nextExpected).encoded)
        }
        return output
    }

    /// Retransmits what has waited too long; fails the link after too many tries.
    public mutating func tick(now: Duration) throws(LinkError) -> Output {
        guard failure == nil else { throw failure ?? .tooManyLosses(retries: configuration.maxRetries) }
        var output = Output()
        for sequence in inFlight.keys.sorted(by: { ($0 &- oldestUnacked) < ($1 &- oldestUnacked) }) {
            guard let entry = inFlight[sequence], now - entry.sentAt >= configuration.retransmitAfter else { continue }
            guard entry.retries < configuration.maxRetries else {
                failure = .tooManyLosses(retries: entry.retries)
                throw .tooManyLosses(retries: entry.retries)
            }
            output.packets += resend(sequence, now: now)
        }
        return output
    }

    /// Sends packet `sequence` again now, if it is in flight and has retries left (``tick(now:)`` fails the
    /// link otherwise): the timer's retransmission and the fast one alike.
    mutating func resend(_ sequence: UInt16, now: Duration) -> [[UInt8]] {
        guard var entry = inFlight[sequence], entry.retries < configuration.maxRetries else { return [] }
        entry.retries += 1
        entry.sentAt = now
        inFlight[sequence] = entry
        return [entry.packet.encoded]
    }

    /// When ``tick(now:)`` must next be called; `nil` with nothing in flight, or once the link has failed.
    public var nextDeadline: Duration? {
        guard failure == nil else { return nil }
        return inFlight.values.map { $0.sentAt + configuration.retransmitAfter }.min()
    }

    mutating func fill(now: Duration) -> Output {
        var output = Output()
        while inFlight.count < configuration.window {
            let packet: LinkPacket
            if !unsent.isEmpty {
                let count = min(unsent.count, configuration.dataPerPacket)
                packet = .data(sequence: nextToSend, payload: Array(unsent.prefix(count)))
                unsent.removeFirst(count)
            } else if finQueued && !finSent {
                packet = .fin(sequence: nextToSend)
                finSent = true
            } else {
                break
            }
            inFlight[nextToSend] = InFlight(packet: packet, sentAt: now, retries: 0)
            nextToSend &+= 1
            output.packets.append(packet.encoded)
        }
        return output
    }
}
