// libFuzzer target: the receive pipeline on raw card bytes.
// Invariants: verification never traps; an accepted card re-verifies, keeps its bytes verbatim, obeys every
// field rule and carries the Node ID of its own key.
import Foundation
@_spi(Wire) import HandshakeCore

let now = Date(timeIntervalSince1970: 1_763_740_800)

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let signed = try? CardVerifier().verify(bytes, now: now) else { return 0 }
    guard signed.bytes == bytes else { fatalError("an accepted card does not keep its bytes") }
    guard (try? signed.card.fields.validate()) != nil else { fatalError("an accepted card breaks a field rule") }
    guard signed.nodeID == NodeID(sigKey: signed.card.sigKey.rawRepresentation) else { fatalError("Node ID does not match the key") }
    _ = CardClassifier.classify(signed.card, known: signed.card)
    for form in CardForm.allCases {
        let text = CardText.encode(signed, as: form)
        guard let read = try? CardText.read(text, now: now), read.card == signed else {
            fatalError("an accepted card does not round-trip through \(form.rawValue)")
        }
    }
    return 0
}
