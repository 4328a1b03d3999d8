// The CipherState of the Noise specification (revision 34, section 5.1): a key and a 64-bit nonce that
// counts messages. It establishes that every message under one key gets a fresh nonce, and that a message
// decrypted out of turn fails (the nonce is implicit, so replays and reorders cannot verify). It does not
// rekey, and it does not frame or buffer anything.

import Crypto

/// A cipher key (or none yet) and the nonce of the next message under it.
struct NoiseCipherState: Sendable {
    private var key: SymmetricKey?
    /// The nonce the next encryption or decryption uses.
    private(set) var nonce: UInt64 = 0

    init() {}

    /// Whether a key has been set; without one, encryption passes data through (as during `NN`'s first message).
    var hasKey: Bool { key != nil }

    /// InitializeKey(key): a new key, and the nonce back to zero.
    mutating func initializeKey(_ bytes: [UInt8]) {
        key = SymmetricKey(data: bytes)
        nonce = 0
    }

    /// EncryptWithAd(ad, plaintext).
    mutating func encrypt(ad: [UInt8], plaintext: [UInt8]) throws(NoiseError) -> [UInt8] {
        guard let key else { return plaintext }
        guard nonce < UInt64.max else { throw .nonceExhausted }
        let ciphertext = try NoiseSuite.encrypt(key: key, nonce: nonce, ad: ad, plaintext: plaintext)
        nonce += 1
        return ciphertext
    }

    /// DecryptWithAd(ad, ciphertext). On failure the nonce does not move, as the specification requires.
    mutating func decrypt(ad: [UInt8], ciphertext: [UInt8]) throws(NoiseError) -> [UInt8] {
        guard let key else { return ciphertext }
        guard nonce < UInt64.max else { throw .nonceExhausted }
        let plaintext = try NoiseSuite.decrypt(key: key, nonce: nonce, ad: ad, ciphertext: ciphertext)
        nonce += 1
        return plaintext
    }
}
