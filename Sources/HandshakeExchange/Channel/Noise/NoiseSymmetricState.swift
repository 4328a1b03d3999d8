// The SymmetricState of the Noise specification (revision 34, section 5.2): the chaining key, the handshake
// hash and the CipherState that the handshake's tokens feed. It establishes that everything sent or received
// during the handshake, and the prologue, is bound into the handshake hash `h`, and that the transport keys
// of Split depend on every DH result and pre-shared key. It does not know which tokens a pattern has.

/// The chaining key `ck`, the handshake hash `h`, and the cipher they key.
struct NoiseSymmetricState: Sendable {
    private(set) var cipher = NoiseCipherState()
    private var chainingKey: [UInt8]
    /// `h`: the hash of everything the handshake has covered so far.
    private(set) var handshakeHash: [UInt8]

    /// InitializeSymmetric(protocol_name): a name of at most HASHLEN bytes is zero-padded, a longer one hashed.
    init(protocolName: String) {
        let name = Array(protocolName.utf8)
        if name.count <= NoiseSuite.hashLength {
            handshakeHash = name + [UInt8](repeating: 0, count: NoiseSuite.hashLength - name.count)
        } else {
            handshakeHash = NoiseSuite.hash(name)
        }
        chainingKey = handshakeHash
    }

    mutating func mixKey(_ input: [UInt8]) {
        let (newChainingKey, tempKey) = NoiseSuite.hkdf2(chainingKey: chainingKey, input: input)
        chainingKey = newChainingKey
        cipher.initializeKey(tempKey)
    }

    mutating func mixHash(_ data: [UInt8]) {
        handshakeHash = NoiseSuite.hash(handshakeHash, data)
    }

    mutating func mixKeyAndHash(_ input: [UInt8]) {
        let (newChainingKey, tempHash, tempKey) = NoiseSuite.hkdf3(chainingKey: chainingKey, input: input)
        chainingKey = newChainingKey
        mixHash(tempHash)
        cipher.initializeKey(tempKey)
    }

    mutating func encryptAndHash(_ plaintext: [UInt8]) throws(NoiseError) -> [UInt8] {
        let ciphertext = try cipher.encrypt(ad: handshakeHash, plaintext: plaintext)
        mixHash(ciphertext)
        return ciphertext
    }

    mutating func decryptAndHash(_ ciphertext: [UInt8]) throws(NoiseError) -> [UInt8] {
        let plaintext = try cipher.decrypt(ad: handshakeHash, ciphertext: ciphertext)
        mixHash(ciphertext)
        return plaintext
    }

    /// Split(): the initiator-to-responder and responder-to-initiator cipher states, in that order.
    func split() -> (NoiseCipherState, NoiseCipherState) {
        let (key1, key2) = NoiseSuite.hkdf2(chainingKey: chainingKey, input: [])
        var first = NoiseCipherState()
        first.initializeKey(key1)
        var second = NoiseCipherState()
        second.initializeKey(key2)
        return (first, second)
    }
}
