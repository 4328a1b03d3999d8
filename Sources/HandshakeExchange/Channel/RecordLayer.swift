// The record layer of an established channel: each message of the layer above becomes one or more Noise
// transport messages whose plaintext is `type ‖ flags ‖ fragment`, and incoming records are reassembled
// under a size bound. It establishes confidentiality and integrity of each record, and (through Noise's
// implicit nonces) that records arrive exactly once and in order, or the channel ends. It does not hide
// message sizes or timing, and it does not interleave messages.

/// The two transport cipher states and the message being reassembled.
struct RecordLayer: Sendable {
    /// Bit 0 of the flags byte: more fragments of this message follow.
    static let moreFragments: UInt8 = 0x01
    /// The longest fragment that fits one frame: 65535 − frame type − AEAD tag − record header.
    static let maximumFragment = NearbyProtocol.recordFrameLimit - 1 - NoiseSuite.tagLength - 2

    private var sendCipher: NoiseCipherState
    /// The cipher state that seals the next record (for tests that forge records).
    var outgoingCipher: NoiseCipherState { sendCipher }
    private var receiveCipher: NoiseCipherState
    private let maximumMessageSize: Int
    private var pendingType: UInt8?
    private var pending: [UInt8] = []

    init(send: NoiseCipherState, receive: NoiseCipherState, maximumMessageSize: Int) {
        sendCipher = send
        receiveCipher = receive
        self.maximumMessageSize = maximumMessageSize
    }

    /// The RECORD frames of one message, ready to write.
    mutating func seal(type: UInt8, payload: [UInt8]) throws(ChannelError) -> [UInt8] {
        guard payload.count <= maximumMessageSize else { throw .messageTooLarge(limit: maximumMessageSize) }
        var wire: [UInt8] = []
        var offset = 0
        repeat {
            let end = min(offset + Self.maximumFragment, payload.count)
            let flags: UInt8 = end < payload.count ? Self.moreFragments : 0
            let plaintext = [type, flags] + payload[offset..<end]
            let ciphertext: [UInt8]
            do {
                ciphertext = try sendCipher.encrypt(ad: [], plaintext: plaintext)
            } catch {
                throw .recordLimitReached
            }
            wire += FrameReader.frame([ChannelFrameType.record.rawValue] + ciphertext)
            offset = end
        } while offset < payload.count
        return wire
    }

    /// Opens one record (the frame body after its type byte); returns the message it completes, if any.
    mutating func open(_ ciphertext: ArraySlice<UInt8>) throws(ChannelError) -> (type: UInt8, payload: [UInt8])? {
        let plaintext: [UInt8]
        do {
            plaintext = try receiveCipher.decrypt(ad: [], ciphertext: Array(ciphertext))
        } catch .nonceExhausted {
            throw .recordLimitReached
        } catch {
            throw .decryptionFailed
        }
        guard plaintext.count >= 2 else { throw .malformedRecord }
        let type = plaintext[0]
        let flags = plaintext[1]
        guard flags & ~Self.moreFragments == 0 else { throw .badFragmentFlags(flags) }
        if let pendingType, pendingType != type { throw .malformedRecord }
        guard pending.count + plaintext.count - 2 <= maximumMessageSize else {
            throw .messageTooLarge(limit: maximumMessageSize)
        }
        pending += plaintext.dropFirst(2)
        if flags & Self.moreFragments != 0 {
            pendingType = type
            return nil
        }
        let message = (type: type, payload: pending)
        pendingType = nil
        pending = []
        return message
    }
}
