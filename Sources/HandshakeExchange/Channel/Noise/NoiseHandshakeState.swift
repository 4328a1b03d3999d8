// The HandshakeState of the Noise specification (revision 34, section 5.3): it runs a pattern's tokens,
// message by message, for one side. It establishes the handshake's keys and hash exactly as the
// specification does (checked against the published test vectors). It does not decide what payloads mean,
// does not frame messages, and does not authenticate anyone by itself: with NN nobody is authenticated
// until the layer above compares a code or the pattern mixes in a pre-shared key.

import Crypto

/// One side of a Noise handshake in the suite `25519_ChaChaPoly_SHA256`.
struct NoiseHandshakeState: Sendable {
    let pattern: NoisePattern
    let isInitiator: Bool
    private var symmetric: NoiseSymmetricState
    private let staticKey: Curve25519.KeyAgreement.PrivateKey?
    private let ephemeralKey: Curve25519.KeyAgreement.PrivateKey
    private let preSharedKey: [UInt8]?
    /// The peer's ephemeral public key, once read.
    private(set) var remoteEphemeral: [UInt8]?
    /// The peer's static public key, once read.
    private(set) var remoteStatic: [UInt8]?
    private var messageIndex = 0

    /// Initialize(): the symmetric state from the protocol name, then the prologue mixed into `h`.
    /// - Parameters:
    ///   - ephemeralKey: the key `e` will send; a fresh random one if nil (fixed keys are for test vectors).
    ///   - preSharedKey: exactly 32 bytes, required when the pattern has a `psk` token.
    init(
        pattern: NoisePattern, isInitiator: Bool, prologue: [UInt8],
        staticKey: Curve25519.KeyAgreement.PrivateKey? = nil,
        ephemeralKey: Curve25519.KeyAgreement.PrivateKey? = nil,
        preSharedKey: [UInt8]? = nil
    ) throws(NoiseError) {
        if pattern.usesPreSharedKey {
            guard let preSharedKey, preSharedKey.count == 32 else { throw .missingKey }
        }
        let needsStatic = pattern.messages.enumerated().contains { index, tokens in
            (index.isMultiple(of: 2) == isInitiator) && tokens.contains(.s)
        }
        if needsStatic && staticKey == nil { throw .missingKey }
        self.pattern = pattern
        self.isInitiator = isInitiator
        self.staticKey = staticKey
        self.ephemeralKey = ephemeralKey ?? Curve25519.KeyAgreement.PrivateKey()
        self.preSharedKey = preSharedKey
        symmetric = NoiseSymmetricState(protocolName: pattern.protocolName)
        symmetric.mixHash(prologue)
    }

    /// Whether every message of the pattern has been written or read.
    var isComplete: Bool { messageIndex == pattern.messages.count }

    /// Whether the next message is this side's to write.
    var isMyTurn: Bool { !isComplete && messageIndex.isMultiple(of: 2) == isInitiator }

    /// `h`: after the last message, the value both sides agree on and may sign or compare.
    var handshakeHash: [UInt8] { symmetric.handshakeHash }

    /// This side's ephemeral public key.
    var ephemeralPublicKey: [UInt8] { Array(ephemeralKey.publicKey.rawRepresentation) }

    /// WriteMessage(payload, message_buffer).
    mutating func writeMessage(payload: [UInt8] = []) throws(NoiseError) -> [UInt8] {
        guard isMyTurn else { throw .outOfTurn }
        var message: [UInt8] = []
        for token in pattern.messages[messageIndex] {
            switch token {
            case .e:
                let publicKey = ephemeralPublicKey
                message += publicKey
                symmetric.mixHash(publicKey)
                if pattern.usesPreSharedKey { symmetric.mixKey(publicKey) }
            case .s:
                guard let staticKey else { throw .missingKey }
                message += try symmetric.encryptAndHash(Array(staticKey.publicKey.rawRepresentation))
            case .ee, .es, .se, .ss:
                try mixDH(token)
            case .psk:
                guard let preSharedKey else { throw .missingKey }
                symmetric.mixKeyAndHash(preSharedKey)
            }
        }
        message += try symmetric.encryptAndHash(payload)
        guard message.count <= NoiseSuite.maxMessageLength else { throw .messageTooLong }
        messageIndex += 1
        return message
    }

    /// ReadMessage(message, payload_buffer): the payload, or an error if the message is malformed or fails
    /// to authenticate. After an error this state must be thrown away.
    mutating func readMessage(_ message: [UInt8]) throws(NoiseError) -> [UInt8] {
        guard !isComplete, !isMyTurn else { throw .outOfTurn }
        guard message.count <= NoiseSuite.maxMessageLength else { throw .messageTooLong }
        var rest = message[...]
        for token in pattern.messages[messageIndex] {
            switch token {
            case .e:
                guard rest.count >= NoiseSuite.dhLength else { throw .messageTooShort }
                let publicKey = Array(rest.prefix(NoiseSuite.dhLength))
                rest = rest.dropFirst(NoiseSuite.dhLength)
                remoteEphemeral = publicKey
                symmetric.mixHash(publicKey)
                if pattern.usesPreSharedKey { symmetric.mixKey(publicKey) }
            case .s:
                let length = NoiseSuite.dhLength + (symmetric.cipher.hasKey ? NoiseSuite.tagLength : 0)
                guard rest.count >= length else { throw .messageTooShort }
                let sealed = Array(rest.prefix(length))
                rest = rest.dropFirst(length)
                remoteStatic = try symmetric.decryptAndHash(sealed)
            case .ee, .es, .se, .ss:
                try mixDH(token)
            case .psk:
                guard let preSharedKey else { throw .missingKey }
                symmetric.mixKeyAndHash(preSharedKey)
            }
        }
        let payload = try symmetric.decryptAndHash(Array(rest))
        messageIndex += 1
        return payload
    }

    /// Split(): this side's sending and receiving cipher states, once the handshake is complete.
    func split() -> (send: NoiseCipherState, receive: NoiseCipherState)? {
        guard isComplete else { return nil }
        let (initiatorToResponder, responderToInitiator) = symmetric.split()
        return isInitiator
            ? (initiatorToResponder, responderToInitiator) : (responderToInitiator, initiatorToResponder)
    }

    /// MixKey(DH(…)) for `ee`, `es`, `se`, `ss`, with the keys each side holds for that token.
    private mutating func mixDH(_ token: NoiseToken) throws(NoiseError) {
        let local: Curve25519.KeyAgreement.PrivateKey?
        let remote: [UInt8]?
        switch (token, isInitiator) {
        case (.ee, _): (local, remote) = (ephemeralKey, remoteEphemeral)
        case (.es, true), (.se, false): (local, remote) = (ephemeralKey, remoteStatic)
        case (.es, false), (.se, true): (local, remote) = (staticKey, remoteEphemeral)
        case (.ss, _): (local, remote) = (staticKey, remoteStatic)
        default: (local, remote) = (nil, nil)
        }
        guard let local, let remote else { throw .missingKey }
        symmetric.mixKey(try NoiseSuite.dh(local, remote))
    }
}
