// libFuzzer target: the strict deterministic CBOR decoder on arbitrary bytes.
// Invariants: decoding never traps; anything it accepts re-encodes to exactly the input bytes
// (a decoder that only accepts canonical form must be a bijection with the encoder).
@_spi(Wire) import HandshakeCore

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    for limits in [CBORDecoder.Limits(), CBORDecoder.Limits(maxInputSize: 4096, maxDepth: 4, maxItemsPerContainer: 8)] {
        guard let item = try? CBORDecoder(limits: limits).decode(bytes) else { continue }
        if CBOREncoder.encode(item) != bytes {
            fatalError("decoded CBOR does not re-encode to the same bytes")
        }
    }
    return 0
}
