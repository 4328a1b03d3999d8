// The secure channel of the nearby exchange, as a sans-I/O state machine: bytes in, bytes and events out.
// It runs `Noise_NN` with a key commitment and a short code (no shared secret) or `Noise_NNpsk0` with the
// session secret, then carries typed messages in records. It establishes that both sides end with the same
// handshake hash only if nobody in the middle changed anything, or (compare-code mode) that a man in the
// middle shows up as differing short codes with probability 1 − 10⁻⁶; and that records arrive whole, once
// and in order, or the channel ends. It does not say who the peer is: the layer above signs the handshake
// hash with each side's card key, and people compare the code. docs/protocols/nearby-channel.md has every byte.

import Crypto

/// One end of the nearby exchange's secure channel.
@_spi(Wire) public struct SecureChannel: Sendable {
    private enum State: Sendable {
        /// Compare-code initiator: waiting for the responder's commitment before sending message 1.
        case awaitingCommitment
        /// Responder: waiting for Noise message 1.
        case awaitingMessage1(NoiseHandshakeState)
        /// Initiator: message 1 sent, waiting for message 2 (and, in compare-code mode, the key it must carry).
        case awaitingMessage2(NoiseHandshakeState, commitment: [UInt8]?)
        case established(RecordLayer)
        case failed(ChannelError)
    }

    /// The role this end plays.
    public let role: ChannelRole
    /// Compare-code without a secret, session-secret with one.
    public let mode: ChannelMode
    /// The largest message (after reassembly) this end accepts or sends.
    public let maximumMessageSize: Int
    /// What both ends agree on, once the handshake is complete.
    public private(set) var summary: ChannelSummary?

    private let secret: SessionSecret?
    private let ephemeralKey: Curve25519.KeyAgreement.PrivateKey
    private var state: State
    private var firstBytes: [UInt8]
    private var reader = FrameReader()

    /// A channel end with a fresh random ephemeral key.
    /// - Parameters:
    ///   - role: which end this device is: the one that opened the connection is the initiator.
    ///   - secret: the session secret both devices hold, or nil to compare a short code instead.
    ///   - maximumMessageSize: lowers the per-message bound (at most `NearbyProtocol.maximumMessageSize`).
    public init(role: ChannelRole, secret: SessionSecret?, maximumMessageSize: Int = NearbyProtocol.maximumMessageSize) {
        self.init(role: role, secret: secret, ephemeralKey: Curve25519.KeyAgreement.PrivateKey(), maximumMessageSize: maximumMessageSize)
    }

    /// A channel end with a given ephemeral key: for test vectors, the worked example and the fuzz target
    /// only (hence SPI). Reusing an ephemeral key across sessions gives away what Noise's forward secrecy
    /// protects, and lets anyone who saw the key read the session.
    @_spi(Testing)
    public init(role: ChannelRole, secret: SessionSecret?, ephemeralKey: Curve25519.KeyAgreement.PrivateKey,
                maximumMessageSize: Int = NearbyProtocol.maximumMessageSize) {
        self.role = role
        self.secret = secret
        self.mode = secret == nil ? .compareCode : .sessionSecret
        self.ephemeralKey = ephemeralKey
        self.maximumMessageSize = max(0, min(maximumMessageSize, NearbyProtocol.maximumMessageSize))
        firstBytes = []
        switch (role, secret) {
        case (.initiator, nil):
            state = .awaitingCommitment
        case (.initiator, let secret?):
            do {
                var handshake = try Self.handshake(role: role, secret: secret, ephemeralKey: ephemeralKey, commitment: nil)
                firstBytes = FrameReader.frame([ChannelFrameType.handshake.rawValue] + (try handshake.writeMessage()))
                state = .awaitingMessage2(handshake, commitment: nil)
            } catch {
                state = .failed(.handshakeFailed)
            }
        case (.responder, _):
            let commitment = secret == nil
                ? ChannelDerivation.commitment(toEphemeralKey: Array(ephemeralKey.publicKey.rawRepresentation)) : nil
            do {
                let handshake = try Self.handshake(role: role, secret: secret, ephemeralKey: ephemeralKey, commitment: commitment)
                if let commitment { firstBytes = FrameReader.frame([ChannelFrameType.commit.rawValue] + commitment) }
                state = .awaitingMessage1(handshake)
            } catch {
                state = .failed(.handshakeFailed)
            }
        }
    }

    /// The bytes to send as soon as the connection is open: the commitment of a compare-code responder,
    /// message 1 of a session-secret initiator, nothing otherwise. Later calls return nothing.
    public mutating func start() -> [UInt8] {
        defer { firstBytes = [] }
        return firstBytes
    }

    /// Whether the handshake has completed and the channel has not failed.
    public var isEstablished: Bool {
        if case .established = state { true } else { false }
    }

    /// Why the channel ended, if it has.
    public var failure: ChannelError? {
        if case .failed(let reason) = state { reason } else { nil }
    }

    /// Reads bytes from the peer, split anywhere, and returns what they produce, in order. Any error ends
    /// the channel: the outputs of this call are dropped with it and every later call throws `alreadyFailed`.
    public mutating func receive(_ bytes: some Collection<UInt8>) throws(ChannelError) -> [ChannelOutput] {
        if case .failed(let reason) = state { throw .alreadyFailed(reason) }
        var input = ArraySlice(bytes)
        var outputs: [ChannelOutput] = []
        do {
            while let body = try reader.next(from: &input, limit: frameLimit) {
                try handle(frame: body, into: &outputs)
            }
        } catch {
            state = .failed(error)
            summary = nil
            throw error
        }
        return outputs
    }

    /// Encrypts one message of the layer above as one or more RECORD frames, ready to write in order.
    public mutating func seal(type: UInt8, payload: [UInt8]) throws(ChannelError) -> [UInt8] {
        switch state {
        case .failed(let reason):
            throw .alreadyFailed(reason)
        case .established(var records):
            do {
                let wire = try records.seal(type: type, payload: payload)
                state = .established(records)
                return wire
            } catch .recordLimitReached {
                state = .failed(.recordLimitReached)
                throw .recordLimitReached
            }
        default:
            throw .notEstablished
        }
    }

    /// The cipher state that seals the next outgoing record (for tests that forge records).
    var outgoingCipher: NoiseCipherState? {
        if case .established(let records) = state { records.outgoingCipher } else { nil }
    }

    private var frameLimit: Int {
        if case .established = state { NearbyProtocol.recordFrameLimit } else { NearbyProtocol.handshakeFrameLimit }
    }

    private mutating func handle(frame body: [UInt8], into outputs: inout [ChannelOutput]) throws(ChannelError) {
        guard let type = ChannelFrameType(rawValue: body[0]) else { throw .unknownFrameType(body[0]) }
        let content = body.dropFirst()
        if type == .record, case .established(var records) = state {
            // Take the record layer out of `state` so the message being reassembled has one owner and grows
            // in place; until the record opens, the channel counts as failed (receive records the real reason).
            state = .failed(.decryptionFailed)
            let message = try records.open(content)
            state = .established(records)
            if let message { outputs.append(.message(type: message.type, payload: message.payload)) }
            return
        }
        switch (state, type) {
        case (.awaitingCommitment, .commit):
            guard content.count == NoiseSuite.hashLength else { throw .malformedFrame }
            let commitment = Array(content)
            var handshake: NoiseHandshakeState
            let message: [UInt8]
            do {
                handshake = try Self.handshake(role: role, secret: nil, ephemeralKey: ephemeralKey, commitment: commitment)
                message = try handshake.writeMessage()
            } catch {
                throw handshakeFailure
            }
            state = .awaitingMessage2(handshake, commitment: commitment)
            outputs.append(.send(FrameReader.frame([ChannelFrameType.handshake.rawValue] + message)))

        case (.awaitingMessage1(var handshake), .handshake):
            let payload: [UInt8]
            do { payload = try handshake.readMessage(Array(content)) } catch { throw handshakeFailure }
            guard payload.isEmpty else { throw .malformedFrame }
            let reply: [UInt8]
            do { reply = try handshake.writeMessage() } catch { throw handshakeFailure }
            outputs.append(.send(FrameReader.frame([ChannelFrameType.handshake.rawValue] + reply)))
            try establish(handshake, into: &outputs)

        case (.awaitingMessage2(var handshake, let commitment), .handshake):
            if let commitment {
                guard content.count >= NoiseSuite.dhLength else { throw .malformedFrame }
                let claimed = ChannelDerivation.commitment(toEphemeralKey: Array(content.prefix(NoiseSuite.dhLength)))
                guard ConstantTime.equal(claimed, commitment) else { throw .commitmentMismatch }
            }
            let payload: [UInt8]
            do { payload = try handshake.readMessage(Array(content)) } catch { throw handshakeFailure }
            guard payload.isEmpty else { throw .malformedFrame }
            try establish(handshake, into: &outputs)

        default:
            throw .frameOutOfOrder(type)
        }
    }

    /// A handshake message that did not work: with a session secret, most likely a different secret; in
    /// compare-code mode there is none, so the message itself was unusable.
    private var handshakeFailure: ChannelError { mode == .compareCode ? .invalidHandshakeMessage : .handshakeFailed }

    private mutating func establish(_ handshake: NoiseHandshakeState, into outputs: inout [ChannelOutput]) throws(ChannelError) {
        guard let (send, receive) = handshake.split() else { throw handshakeFailure }
        let hash = handshake.handshakeHash
        let summary = ChannelSummary(
            handshakeHash: hash,
            shortCode: mode == .compareCode ? ChannelDerivation.shortCode(handshakeHash: hash) : nil,
            mode: mode)
        self.summary = summary
        state = .established(RecordLayer(send: send, receive: receive, maximumMessageSize: maximumMessageSize))
        outputs.append(.established(summary))
    }

    private static func handshake(
        role: ChannelRole, secret: SessionSecret?, ephemeralKey: Curve25519.KeyAgreement.PrivateKey, commitment: [UInt8]?
    ) throws(NoiseError) -> NoiseHandshakeState {
        let mode: ChannelMode = secret == nil ? .compareCode : .sessionSecret
        return try NoiseHandshakeState(
            pattern: secret == nil ? .nn : .nnPSK0,
            isInitiator: role == .initiator,
            prologue: ChannelDerivation.prologue(mode: mode, commitment: commitment),
            ephemeralKey: ephemeralKey,
            preSharedKey: secret?.bytes)
    }
}
