// Verifies a typical card N times as binary and N times as QR text, for `valgrind --tool=callgrind`:
// instruction counts are repeatable where wall-clock times on a shared machine are not.
import Foundation
import HandshakeCore
let identity = Identity(seed: IdentitySeed(bytes: (0..<32).map { UInt8($0) })!)
var profile = CardProfile(identity: identity, now: Date(timeIntervalSince1970: 1_763_740_800))
try! profile.edit(now: Date(timeIntervalSince1970: 1_763_740_800)) { card in
    card.name = "Ada Lovelace"; card.company = "Analytical Engines"; card.title = "Analyst"
    card.emails = ["ada@example.com"]; card.phones = ["+44 20 7946 0000"]
}
let signed = try! profile.issueCard(identity: identity)
let qr = Array(CardText.qrText(signed).utf8)
let n = Int(CommandLine.arguments.dropFirst().first ?? "200")!
let verifier = CardVerifier()
var ok = 0
for _ in 0..<n { if (try? verifier.verify(signed.bytes, now: Date())) != nil { ok += 1 } }
for _ in 0..<n { if (try? CardText.read(qr, now: Date())) != nil { ok += 1 } }
print(ok)
