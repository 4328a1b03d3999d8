// Why a Noise operation refused to go on. These errors stay inside the target: the secure channel turns each
// into a `ChannelError` a person can read. They establish nothing about who the peer is; they only say which
// step of the Noise specification (revision 34) could not be carried out.

/// A failure inside the Noise primitives (CipherState, SymmetricState, HandshakeState).
enum NoiseError: Error, Sendable, Equatable {
    /// An AEAD tag did not verify: wrong key, wrong nonce, wrong associated data or altered bytes.
    case decryptionFailed
    /// The 64-bit nonce reached 2^64 − 1, which the specification reserves; the key may not be used again.
    case nonceExhausted
    /// A handshake message ended before every token of its pattern was read.
    case messageTooShort
    /// A message would exceed the Noise maximum of 65535 bytes.
    case messageTooLong
    /// The Diffie–Hellman function refused a public key (a low-order point gives an all-zero secret).
    case invalidPublicKey
    /// The pattern needs a key or pre-shared key the caller did not supply.
    case missingKey
    /// A message was written or read when it was the other side's turn, or after the handshake ended.
    case outOfTurn
    /// The underlying cryptographic library reported an error that is none of the above.
    case cryptoFailure
}
