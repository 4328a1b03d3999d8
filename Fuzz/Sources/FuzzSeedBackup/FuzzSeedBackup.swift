// libFuzzer target: the identity backup code and the typed-code decoder on arbitrary text.
// Invariants: nothing traps; whatever decodes re-encodes to a code that decodes to the same payload.
@_spi(Wire) import HandshakeCore

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    if let seed = try? SeedBackup.restore(from: text) {
        let again = SeedBackup.code(for: seed).joined(separator: "-")
        guard (try? SeedBackup.restore(from: again)) == seed else { fatalError("a restored seed does not round-trip") }
    }
    if let payload = try? GroupedCode.decode(text, maxPayloadSize: 4096) {
        guard (try? GroupedCode.decode(GroupedCode.encode(payload), maxPayloadSize: 4096)) == payload else {
            fatalError("a decoded code does not round-trip")
        }
    }
    return 0
}
