// libFuzzer target: the receive pipeline on raw card bytes.
// Invariants: verification never traps; an accepted card re-verifies, keeps its bytes verbatim, obeys every
// field rule, carries the Node ID of its own key, and its key moves (key 17) form a chain to that key, each
// signed by its old key and written as it is read. The same bytes read as one key move never trap, and a move
// read is written back byte for byte.
import Foundation
@_spi(Wire) import HandshakeCore

let now = Date(timeIntervalSince1970: 1_763_740_800)

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let move = try? KeyMove(encoded: bytes), move.encoded != bytes { fatalError("a key move is not written as it was read") }
    guard let signed = try? CardVerifier().verify(bytes, now: now) else { return 0 }
    guard signed.bytes == bytes else { fatalError("an accepted card does not keep its bytes") }
    guard (try? signed.card.fields.validate()) != nil else { fatalError("an accepted card breaks a field rule") }
    guard signed.nodeID == NodeID(sigKey: signed.card.sigKey.rawRepresentation) else { fatalError("Node ID does not match the key") }
    if !signed.card.moves.isEmpty {
        guard (try? KeyMoves.check(signed.card.moves, endingAt: signed.card.sigKey)) != nil else { fatalError("an accepted card's key moves break the chain") }
        for move in signed.card.moves where (try? KeyMove(encoded: move.encoded)) != move { fatalError("a key move does not round-trip") }
    }
    _ = CardClassifier.classify(signed.card, known: signed.card)
    for form in CardForm.allCases {
        let text = CardText.encode(signed, as: form)
        guard let read = try? CardText.read(text, now: now), read.card == signed else {
            fatalError("an accepted card does not round-trip through \(form.rawValue)")
        }
    }
    return 0
}
