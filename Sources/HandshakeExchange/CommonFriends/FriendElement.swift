import Crypto

/// One element of the common-friends exchange: a 32-byte X25519 u-coordinate (RFC 7748), little-endian.
///
/// Protects: nothing by itself. It is the common currency of the private set intersection: a contact's key
/// hashed into the group (``hashing(sigKey:sessionSalt:)``), that value blinded by one scalar, or by two. It knows
/// whether its encoding is canonical (below 2^255 − 19, as every X25519 output is), so a peer cannot
/// send one value under two spellings. It does not hide anything: a hashed key must never leave the device
/// unblinded (see `CommonFriendsExchange`).
struct FriendElement: Hashable, Sendable {
    static let byteCount = 32

    // The 32 bytes as four little-endian words: cheap to hash and compare, and to check for canonicity.
    private var w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64

    /// The element whose encoding is the 32 bytes at the start of `buffer` (which must hold at least 32).
    init(_ buffer: UnsafeRawBufferPointer) {
        w0 = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
        w1 = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        w2 = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        w3 = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
    }

    /// The element encoded by `bytes`, or nil unless there are exactly 32.
    init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        self = bytes.withUnsafeBytes { FriendElement($0) }
    }

    /// The 32-byte encoding.
    var bytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: Self.byteCount)
        append(to: &out, at: 0)
        return out
    }

    /// Writes the encoding into `out` from `offset` (which must leave room for 32 bytes).
    func append(to out: inout [UInt8], at offset: Int) {
        out.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: w0.littleEndian, toByteOffset: offset, as: UInt64.self)
            raw.storeBytes(of: w1.littleEndian, toByteOffset: offset + 8, as: UInt64.self)
            raw.storeBytes(of: w2.littleEndian, toByteOffset: offset + 16, as: UInt64.self)
            raw.storeBytes(of: w3.littleEndian, toByteOffset: offset + 24, as: UInt64.self)
        }
    }

    /// Whether the encoding is the reduced one: bit 255 clear and the value below p = 2^255 − 19.
    /// Every X25519 output is; an input is read modulo p, so a non-canonical one aliases a canonical one.
    var isCanonical: Bool {
        if w3 > 0x7FFF_FFFF_FFFF_FFFF { return false }
        if w3 == 0x7FFF_FFFF_FFFF_FFFF && w2 == .max && w1 == .max && w0 >= 0xFFFF_FFFF_FFFF_FFED { return false }
        return true
    }

    /// Whether this is the all-zero value, what X25519 yields for an input of low order.
    var isZero: Bool { (w0 | w1 | w2 | w3) == 0 }

    /// The group element of a contact's key in one session: SHA-256(label ‖ session salt ‖ sigKey) with bit
    /// 255 cleared, read as a u-coordinate. The salt (the channel's handshake hash) makes the element new in
    /// every session, so whether it falls on the curve or on its twist is a fresh coin toss each time, just
    /// as for a dummy: the count of twist entries says nothing about the contacts.
    static func hashing(sigKey: [UInt8], sessionSalt: [UInt8]) -> FriendElement {
        var hash = SHA256()
        hash.update(data: NearbyProtocol.commonFriendsElementLabel)
        hash.update(data: sessionSalt)
        hash.update(data: sigKey)
        return FriendElement(clearingTopBitOf: hash.finalize())
    }

    /// The element of 32 bytes of hash or randomness with bit 255 cleared (X25519 ignores that bit anyway;
    /// clearing it makes the u-coordinate the same for every implementation).
    init(clearingTopBitOf digest: some Sequence<UInt8>) {
        var bytes = Array(digest.prefix(Self.byteCount))
        precondition(bytes.count == Self.byteCount, "an element is made from 32 bytes")
        bytes[31] &= 0x7F
        self = bytes.withUnsafeBytes { FriendElement($0) }
    }
}
