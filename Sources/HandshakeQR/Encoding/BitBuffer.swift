/// An append-only sequence of bits, most significant bit first, packed into bytes.
///
/// The encoder writes segment headers and payloads bit by bit; packing into whole bytes as it goes means the
/// finished buffer *is* the data codeword sequence, with no second pass to regroup bits.
struct BitBuffer: Sendable, Hashable {
    /// Packed bits; the last byte may be partly filled (its low bits are zero).
    private(set) var bytes: [UInt8] = []
    /// Number of bits written.
    private(set) var count = 0

    init(reservingBits capacity: Int = 0) {
        bytes.reserveCapacity((capacity + 7) / 8)
    }

    /// Appends the low `width` bits of `value`, most significant first. `width` is at most 32.
    mutating func append(_ value: UInt32, width: Int) {
        precondition(width >= 0 && width <= 32 && (width == 32 || value >> UInt32(width) == 0),
                     "value does not fit in the given width")
        var remaining = width
        while remaining > 0 {
            let used = count & 7
            if used == 0 { bytes.append(0) }
            let free = 8 - used
            let take = min(free, remaining)
            // The `take` most significant of the remaining bits, moved to just below the bits already in the byte.
            let chunk = UInt8(truncatingIfNeeded: (value >> UInt32(remaining - take)) & ((1 << UInt32(take)) - 1))
            bytes[bytes.count - 1] |= chunk << UInt8(free - take)
            remaining -= take
            count += take
        }
    }

    /// Appends whole bytes; fast when the buffer is byte-aligned, which it usually is not after a header.
    mutating func append(bytes source: some Sequence<UInt8>) {
        if count & 7 == 0 {
            bytes.append(contentsOf: source)
            count = bytes.count * 8
        } else {
            for byte in source { append(UInt32(byte), width: 8) }
        }
    }
}
