// libFuzzer target: every text form with detection (QR text, typed code, both links, vCard, binary), and the
// vCard parser on whatever text the bytes make (the card page link is reached through detection and the link
// form). Invariants: nothing traps, whatever the input; digits that decode encode back to the very same digits.
import Foundation
@_spi(Wire) import HandshakeCore

let now = Date(timeIntervalSince1970: 1_763_740_800)

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    _ = CardForm.detect(bytes)
    _ = try? CardText.read(bytes, now: now)
    for form in CardForm.allCases {
        _ = try? CardText.signedBytes(from: bytes, form: form)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    for result in VCardParser.parseAll(text) {
        guard let entry = try? result.get() else { continue }
        _ = (entry.name, entry.company, entry.title, entry.bio, entry.emails, entry.phones, entry.skills)
        _ = (entry.location, entry.links, entry.avatar, entry.claimedNodeID, entry.signedCard)
    }
    // Base64URL (package access since this session) is reached through the link form above, whose seed
    // (`link.txt`) gives libFuzzer the prefix to grow from.
    if let decoded = try? DecimalDigits.decode(utf8: bytes), DecimalDigits.encode(decoded) != text {
        fatalError("digits decoded to bytes that encode to other digits: \(text)")
    }
    _ = try? Base45.decode(text)
    _ = Base58.decode(text)
    return 0
}
