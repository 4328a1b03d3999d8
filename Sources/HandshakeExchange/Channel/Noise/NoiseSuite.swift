// The cryptographic functions of the one Noise suite this library speaks: 25519, ChaChaPoly, SHA256, with
// HMAC and HKDF exactly as section 4.3 of the Noise specification (revision 34) defines them on top of the
// hash. It establishes byte-exact compatibility with other Noise implementations of this suite; it does
// not pick or negotiate suites, and it keeps no state (that is the CipherState's and SymmetricState's job).

import Crypto
import Foundation

/// `Noise_*_25519_ChaChaPoly_SHA256`: DH, AEAD and hash functions, with the lengths the framework needs.
enum NoiseSuite {
    /// DHLEN: the length of an X25519 public key and shared secret.
    static let dhLength = 32
    /// HASHLEN: the length of a SHA-256 digest.
    static let hashLength = 32
    /// The length of a ChaCha20-Poly1305 authentication tag.
    static let tagLength = 16
    /// The Noise limit on any message, handshake or transport.
    static let maxMessageLength = 65535

    static func hash(_ parts: [UInt8]...) -> [UInt8] {
        var hasher = SHA256()
        for part in parts { hasher.update(data: part) }
        return Array(hasher.finalize())
    }

    static func hmac(key: [UInt8], _ parts: [UInt8]...) -> [UInt8] {
        var mac = HMAC<SHA256>(key: SymmetricKey(data: key))
        for part in parts { mac.update(data: part) }
        return Array(mac.finalize())
    }

    /// HKDF(chaining_key, input_key_material, 2): two HASHLEN outputs.
    static func hkdf2(chainingKey: [UInt8], input: [UInt8]) -> ([UInt8], [UInt8]) {
        let tempKey = hmac(key: chainingKey, input)
        let output1 = hmac(key: tempKey, [0x01])
        let output2 = hmac(key: tempKey, output1, [0x02])
        return (output1, output2)
    }

    /// HKDF(chaining_key, input_key_material, 3): three HASHLEN outputs.
    static func hkdf3(chainingKey: [UInt8], input: [UInt8]) -> ([UInt8], [UInt8], [UInt8]) {
        let tempKey = hmac(key: chainingKey, input)
        let output1 = hmac(key: tempKey, [0x01])
        let output2 = hmac(key: tempKey, output1, [0x02])
        let output3 = hmac(key: tempKey, output2, [0x03])
        return (output1, output2, output3)
    }

    /// DH(key_pair, public_key): X25519. A public key of the wrong length or one that yields the all-zero
    /// secret is refused.
    static func dh(_ privateKey: Curve25519.KeyAgreement.PrivateKey, _ publicKey: [UInt8]) throws(NoiseError) -> [UInt8] {
        guard publicKey.count == dhLength else { throw .invalidPublicKey }
        do {
            let remote = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: publicKey)
            let shared = try privateKey.sharedSecretFromKeyAgreement(with: remote)
            let bytes = shared.withUnsafeBytes { Array($0) }
            guard bytes.contains(where: { $0 != 0 }) else { throw NoiseError.invalidPublicKey }
            return bytes
        } catch {
            throw .invalidPublicKey
        }
    }

    /// The 96-bit ChaChaPoly nonce of the specification: 32 zero bits, then the counter little-endian.
    private static func nonce(_ counter: UInt64) throws(NoiseError) -> ChaChaPoly.Nonce {
        var bytes = [UInt8](repeating: 0, count: 4)
        withUnsafeBytes(of: counter.littleEndian) { bytes.append(contentsOf: $0) }
        do { return try ChaChaPoly.Nonce(data: bytes) } catch { throw .cryptoFailure }
    }

    /// ENCRYPT(k, n, ad, plaintext): ciphertext followed by the 16-byte tag.
    static func encrypt(key: SymmetricKey, nonce counter: UInt64, ad: [UInt8], plaintext: [UInt8]) throws(NoiseError) -> [UInt8] {
        let nonce = try nonce(counter)
        do {
            let box = try ChaChaPoly.seal(plaintext, using: key, nonce: nonce, authenticating: ad)
            return Array(box.ciphertext) + Array(box.tag)
        } catch {
            throw .cryptoFailure
        }
    }

    /// DECRYPT(k, n, ad, ciphertext): the plaintext, or `decryptionFailed` if the tag does not verify.
    static func decrypt(key: SymmetricKey, nonce counter: UInt64, ad: [UInt8], ciphertext: [UInt8]) throws(NoiseError) -> [UInt8] {
        guard ciphertext.count >= tagLength else { throw .decryptionFailed }
        let nonce = try nonce(counter)
        do {
            let box = try ChaChaPoly.SealedBox(
                nonce: nonce, ciphertext: ciphertext.dropLast(tagLength), tag: ciphertext.suffix(tagLength))
            return Array(try ChaChaPoly.open(box, using: key, authenticating: ad))
        } catch {
            throw .decryptionFailed
        }
    }
}
