// libFuzzer target: the vCard import reader on arbitrary bytes — line joining (folds, quoted-printable soft
// breaks, 2.1 base64), charsets, parameters, groups, photos — and the writer on whatever it read.
// Invariants: nothing traps; no entry is larger than the parser's bound; what the writer makes of an
// entry reads back as exactly one vCard.
import Foundation
@_spi(Wire) import HandshakeCore

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    for result in VCardParser.parseAll(bytes) {
        guard let entry = try? result.get() else { continue }
        precondition(entry.properties.count <= VCardParser.maxProperties, "an entry past the property bound")
        _ = (entry.version, entry.notes, entry.photo, entry.claimedNodeID, entry.signedCard)
        for name in ["EMAIL", "TEL", "URL", "ADR"] { _ = entry.labeled(name) }
        let content = VCardContent(fields: entry.fields)
        let written = VCardWriter.write(content)
        let reread = VCardParser.parseAll(written)
        precondition(reread.count == 1, "the writer's vCard did not read back as one entry")
    }
    return 0
}
