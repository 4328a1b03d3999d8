// libFuzzer target: the two decoders of text that stands for keys — a `did:key` identifier, and the scannable
// security code (`HSC1:…`, what `handshake contact verify --scan` reads) — on whatever text the bytes make.
// Invariants: nothing traps; whatever parses renders back to the text it was read from (a did:key without its
// `#fragment`; a security code trimmed, in any letter case) and that rendering parses to an equal value, so
// two different texts never stand for the same key or code unless the format says they may.
import Foundation
import HandshakeCore

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    checkDIDKey(text)
    checkScannableSecurityCode(text)
    return 0
}

func checkDIDKey(_ text: String) {
    guard let key = try? DIDKey(parsing: text) else { return }
    switch key {
    case .ed25519(let raw):
        guard raw.count == 32 else { fatalError("an Ed25519 did:key holds \(raw.count) key bytes") }
    case .p256(let compressed):
        guard compressed.count == 33, compressed[0] == 2 || compressed[0] == 3 else {
            fatalError("a P-256 did:key holds a key that is not a compressed point")
        }
    }
    // The format lets a reader ignore only what follows the first "#".
    let identifier = text.utf8.split(separator: UInt8(ascii: "#"), maxSplits: 1, omittingEmptySubsequences: false)[0]
    guard key.description.utf8.elementsEqual(identifier) else {
        fatalError("a did:key parsed from \(text.debugDescription) renders as \(key.description)")
    }
    guard (try? DIDKey(parsing: key.description)) == key else { fatalError("a rendered did:key does not parse to the same key") }
}

func checkScannableSecurityCode(_ text: String) {
    guard let code = try? ScannableSecurityCode(parsing: text) else { return }
    guard code.ownFingerprint.count == 32, code.theirFingerprint.count == 32 else {
        fatalError("a parsed security code holds fingerprints of \(code.ownFingerprint.count) and \(code.theirFingerprint.count) bytes")
    }
    let payload = code.payload
    let read = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard read.utf8.count == payload.utf8.count,
        zip(read.utf8, payload.utf8).allSatisfy({ asciiUppercased($0) == $1 })
    else { fatalError("a security code parsed from \(text.debugDescription) renders as \(payload)") }
    guard (try? ScannableSecurityCode(parsing: payload)) == code else {
        fatalError("a rendered security code does not parse to the same code")
    }
}

func asciiUppercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 0x20 : byte
}
