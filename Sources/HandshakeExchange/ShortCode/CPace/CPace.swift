import Crypto

// CPace, the balanced PAKE of draft-irtf-cfrg-cpace, cipher suite CPACE-X25519-SHA512, in the
// initiator-responder setting: the functions of the draft's protocol (generator, shares, ISK) and its
// optional key confirmation tags. It protects the password against offline guessing: the messages are
// X25519 shares on a generator derived from the password, indistinguishable from random, so a transcript
// lets nobody test a guess; an active attacker tests one guess per run. It does not limit how many runs an
// attacker may start (the code book does: one run per code) nor authenticate anyone beyond "knows the
// password".

enum CPace {
    /// G_X25519.DSI.
    static let dsi = Array("CPace255".utf8)
    /// G_X25519.DSI ‖ "_ISK", prefixing the intermediate session key's hash.
    static let dsiISK = Array("CPace255_ISK".utf8)
    /// The draft's prefix for the key-confirmation MAC key.
    static let macLabel = Array("CPaceMac".utf8)
    /// SHA-512's input block size, H.s_in_bytes.
    static let hashBlockSize = 128

    /// The length of `data` as LEB128, then `data` (the draft's prepend_len).
    static func prependLength(_ data: [UInt8]) -> [UInt8] {
        var length = data.count
        var encoded: [UInt8] = []
        repeat {
            let low = UInt8(length & 0x7F)
            length >>= 7
            encoded.append(length == 0 ? low : low | 0x80)
        } while length != 0
        return encoded + data
    }

    /// Each argument with its length prepended, concatenated (the draft's lv_cat).
    static func lvCat(_ parts: [UInt8]...) -> [UInt8] {
        parts.flatMap(prependLength)
    }

    /// lv_cat(DSI, PRS, zero padding, CI, sid), the padding filling SHA-512's first block so the password's
    /// length does not change how much is hashed.
    static func generatorString(prs: [UInt8], ci: [UInt8], sid: [UInt8]) -> [UInt8] {
        let padding = max(0, hashBlockSize - 1 - prependLength(prs).count - prependLength(dsi).count)
        return lvCat(dsi, prs, [UInt8](repeating: 0, count: padding), ci, sid)
    }

    /// G.calculate_generator: the u-coordinate of the generator for this password, channel and session.
    static func generator(prs: [UInt8], ci: [UInt8], sid: [UInt8]) -> [UInt8] {
        let hash = Array(SHA512.hash(data: generatorString(prs: prs, ci: ci, sid: sid)).prefix(32))
        guard let r = Field25519(littleEndian: hash) else { return [] }  // 32 bytes: cannot fail
        return Elligator2.map(r)
    }

    /// X25519(scalar, u), or nil when the result is the neutral element (all zero: u had low order) or the
    /// inputs are not 32 bytes each (G.scalar_mult_vfy, which must abort on the neutral element).
    static func scalarMultiply(_ scalar: [UInt8], _ u: [UInt8]) -> [UInt8]? {
        guard scalar.count == 32, u.count == 32,
              let key = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: scalar),
              let point = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: u),
              let shared = try? key.sharedSecretFromKeyAgreement(with: point)
        else { return nil }
        let bytes = shared.withUnsafeBytes { Array($0) }
        var any: UInt8 = 0
        for byte in bytes { any |= byte }
        return any == 0 ? nil : bytes
    }

    /// ISK = SHA-512(lv_cat(DSI ‖ "_ISK", sid, K) ‖ lv_cat(Ya, ADa) ‖ lv_cat(Yb, ADb)): the initiator-responder
    /// transcript, 64 bytes.
    static func intermediateSessionKey(sid: [UInt8], k: [UInt8], ya: [UInt8], adA: [UInt8], yb: [UInt8], adB: [UInt8]) -> [UInt8] {
        Array(SHA512.hash(data: lvCat(dsiISK, sid, k) + lvCat(ya, adA) + lvCat(yb, adB)))
    }

    /// The draft's key-confirmation key: SHA-512("CPaceMac" ‖ sid ‖ ISK).
    static func macKey(sid: [UInt8], isk: [UInt8]) -> [UInt8] {
        Array(SHA512.hash(data: macLabel + sid + isk))
    }

    /// A party's confirmation tag over the share and associated data it sent: HMAC-SHA-512(mac_key, lv_cat(Y, AD)).
    static func confirmationTag(macKey: [UInt8], share: [UInt8], ad: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA512>.authenticationCode(for: lvCat(share, ad), using: SymmetricKey(data: macKey)))
    }
}
