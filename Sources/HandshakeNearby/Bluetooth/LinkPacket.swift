import HandshakeCore

/// One packet of the nearby exchange over Bluetooth LE: what fits in one GATT write or notification
/// (docs/protocols/nearby-ble.md). The secure channel's byte stream is cut into DATA packets numbered in
/// sequence; the receiver answers with cumulative ACKs, and a FIN ends the stream.
///
/// What it establishes: a packet is well-formed and within the link's size. What it does not: order,
/// completeness or secrecy — ``LinkEndpoint`` restores order and completeness, the secure channel above
/// protects the content.
@_spi(Wire) public enum LinkPacket: Sendable, Equatable {
    /// Bytes of the stream, numbered `sequence` (16 bits, wrapping).
    case data(sequence: UInt16, payload: [UInt8])
    /// Everything before `next` has arrived.
    case ack(next: UInt16)
    /// The stream ends; numbered like data so it arrives in order.
    case fin(sequence: UInt16)

    static let dataType: UInt8 = 0x01
    static let ackType: UInt8 = 0x02
    static let finType: UInt8 = 0x03
    /// Type byte and sequence number.
    public static let headerSize = 3

    /// The packet's bytes, as one GATT write or notification carries them.
    public var encoded: [UInt8] {
        switch self {
        case .data(let sequence, let payload): return [Self.dataType, UInt8(sequence >> 8), UInt8(sequence & 0xFF)] + payload
        case .ack(let next): return [Self.ackType, UInt8(next >> 8), UInt8(next & 0xFF)]
        case .fin(let sequence): return [Self.finType, UInt8(sequence >> 8), UInt8(sequence & 0xFF)]
        }
    }

    /// Reads a packet no larger than `maxSize` (the link's payload size).
    public init(decoding bytes: [UInt8], maxSize: Int) throws(LinkError) {
        guard bytes.count <= maxSize else { throw .packetTooLarge(bytes.count, limit: maxSize) }
        guard bytes.count >= Self.headerSize else { throw .malformedPacket("it is shorter than its header") }
        let number = UInt16(bytes[1]) << 8 | UInt16(bytes[2])
        switch bytes[0] {
        case Self.dataType:
            guard bytes.count > Self.headerSize else { throw .malformedPacket("a data packet carries no data") }
            self = .data(sequence: number, payload: Array(bytes[Self.headerSize...]))
        case Self.ackType:
            guard bytes.count == Self.headerSize else { throw .malformedPacket("an acknowledgement carries extra bytes") }
            self = .ack(next: number)
        case Self.finType:
            guard bytes.count == Self.headerSize else { throw .malformedPacket("an end-of-stream packet carries extra bytes") }
            self = .fin(sequence: number)
        default:
            throw .malformedPacket("its type \(bytes[0]) is unknown")
        }
    }
}

/// Why the Bluetooth link gave up. Never a hang: a link that cannot deliver says so.
public enum LinkError: HandshakeError, Equatable {
    /// A packet larger than the link's MTU allows.
    case packetTooLarge(Int, limit: Int)
    /// A packet that cannot be read; the text says why.
    case malformedPacket(String)
    /// A packet went unacknowledged through every retry.
    case tooManyLosses(retries: Int)
    /// The MTU is below what the link needs (ATT header plus ours plus one byte).
    case mtuTooSmall(Int)
    /// The Bluetooth connection went away (or was already closed) before the stream ended.
    case connectionLost

    /// A sentence to show the person whose exchange failed.
    public var description: String {
        switch self {
        case .packetTooLarge(let size, let limit): return "The other device sent a Bluetooth packet of \(size) bytes; the link carries at most \(limit)."
        case .malformedPacket(let reason): return "The other device sent a Bluetooth packet that cannot be read: \(reason)."
        case .tooManyLosses(let retries): return "The Bluetooth link lost the same packet \(retries) times; the devices may be too far apart."
        case .mtuTooSmall(let mtu): return "A Bluetooth MTU of \(mtu) bytes is too small; at least 20 are needed."
        case .connectionLost: return "The Bluetooth connection to the other device was lost."
        }
    }
}
