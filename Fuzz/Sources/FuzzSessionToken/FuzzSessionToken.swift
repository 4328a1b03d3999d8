// libFuzzer target: arbitrary bytes as an NDEF message read from an NFC tag, into the session token decoder,
// and as text: a token's QR text and a relay's origin (what the token's relay record holds).
// Invariants: decoding never traps; a token it accepts re-encodes to a message that decodes to an equal
// token; reading with a time either gives that token or refuses it as expired or overlong, nothing else; an
// origin accepted reads back as itself from what it writes.
import Foundation
@_spi(Wire) import HandshakeExchange

let now = Date(timeIntervalSince1970: 1_800_000_000)

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let text = String(decoding: bytes, as: UTF8.self)
    if let relay = try? RelayServer(origin: text) {
        guard (try? RelayServer(origin: relay.origin)) == relay, relay.origin.utf8.count <= RelayServer.longestOrigin + 8 else {
            fatalError("an origin does not read back as itself")
        }
    }
    if let read = try? SessionToken(qrText: text, at: now), (try? SessionToken(qrText: read.qrText, at: now)) != read {
        fatalError("a token read from QR text does not survive its own QR text")
    }
    let token: SessionToken
    do {
        token = try SessionToken.decode(ndefMessage: bytes)
    } catch {
        guard !error.description.isEmpty else { fatalError("an error without a sentence") }
        do {
            _ = try SessionToken(ndefMessage: bytes, at: now)
            fatalError("the timed reader accepted what the decoder refused")
        } catch {
            return 0
        }
    }
    guard let again = try? SessionToken.decode(ndefMessage: token.ndefMessage), again == token else {
        fatalError("a decoded token does not survive re-encoding")
    }
    guard token.endpoints.count <= 4, token.rendezvous.count == 16, token.ndefMessage.count <= 1024 else {
        fatalError("a decoded token is out of bounds")
    }
    do {
        let read = try SessionToken(ndefMessage: bytes, at: now)
        guard read == token, Double(read.expiry) > now.timeIntervalSince1970,
              Double(read.expiry) <= now.timeIntervalSince1970 + 120 else { fatalError("a timed read out of its window") }
    } catch {
        switch error {
        case .expired, .expiresTooLate: break
        default: fatalError("the timed reader refused a decodable token for another reason: \(error)")
        }
    }
    return 0
}
