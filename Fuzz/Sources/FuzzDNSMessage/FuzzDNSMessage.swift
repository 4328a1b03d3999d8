// libFuzzer target: a multicast DNS message as anyone on the local network could send it, read by the DNS
// decoder and then handed to the browser's cache and to the advertiser's responder.
// Invariants: nothing traps; a message that decodes and encodes within the size limit decodes again to the
// same message; the browser and the responder take any decoded message without trapping, and the
// browser holds nothing once every TTL has passed.
@_spi(Wire) import HandshakeExchange

@_spi(Wire) @testable import HandshakeNearby

let advertisement = try! ServiceAdvertisement(
    instance: NearbyInstanceID("k7m2q9xw4d1c8hbt")!, port: 47000, displayName: "Ada", addresses: [IPv4Address(10, 213, 0, 1)])

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard let message = try? DNSMessage(decoding: bytes) else { return 0 }
    if let encoded = try? message.encoded() {
        guard let again = try? DNSMessage(decoding: encoded), again == message else {
            fatalError("\(message) does not survive encoding")
        }
    }
    _ = advertisement.response(to: message)
    // A fresh browser each time: the message heard twice, then time past the longest TTL (2^32 - 1 s), when
    // every record must have expired and every peer found must have been lost.
    var browser = BrowserState(startedAt: .zero)
    _ = browser.receive(message, at: .seconds(1))
    _ = browser.tick(at: .seconds(2))
    _ = browser.receive(message, at: .seconds(3))
    _ = browser.tick(at: .seconds(Int64(UInt32.max) + 10))
    guard browser.pointers.isEmpty, browser.reported.isEmpty else { fatalError("records outlived their TTL") }
    return 0
}
