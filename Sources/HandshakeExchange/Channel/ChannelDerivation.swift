// The values the nearby channel derives around Noise: the responder's key commitment, the prologue both
// sides bind into the handshake, and the short code shown in compare-code mode. It establishes that these
// match docs/protocols/nearby-channel.md byte for byte. A short code only protects the people who compare
// it; a commitment only stops key grinding if the initiator checks it (the channel does).

enum ChannelDerivation {
    /// SHA-256(commitment label ‖ the responder's ephemeral public key).
    static func commitment(toEphemeralKey publicKey: [UInt8]) -> [UInt8] {
        NoiseSuite.hash(NearbyProtocol.commitmentLabel, publicKey)
    }

    /// prologue label ‖ version ‖ mode ‖ commitment (compare-code mode only).
    static func prologue(mode: ChannelMode, commitment: [UInt8]?) -> [UInt8] {
        NearbyProtocol.prologueLabel + [NearbyProtocol.version, mode.rawValue] + (commitment ?? [])
    }

    /// The first 8 bytes of SHA-256(short code label ‖ h), big-endian, mod 10^6, as six digits.
    static func shortCode(handshakeHash: [UInt8]) -> String {
        let digest = NoiseSuite.hash(NearbyProtocol.shortCodeLabel, handshakeHash)
        let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let code = String(value % 1_000_000)
        return String(repeating: "0", count: NearbyProtocol.shortCodeDigits - code.count) + code
    }
}
