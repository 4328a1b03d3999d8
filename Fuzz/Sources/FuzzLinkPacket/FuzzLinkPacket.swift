// libFuzzer target: arbitrary bytes as what the other device writes over Bluetooth LE, into the packet
// decoder and a link endpoint that is sending a stream of its own at the same time.
// Invariants: nothing traps; a packet the decoder accepts re-encodes to the same bytes and is no larger than
// the link's packet size; every refusal has a sentence; the endpoint never delivers more bytes than the data
// packets carried, never answers with a packet larger than the link's, and once failed stays failed.
//
// Input layout: byte 0 picks the MTU (20 + byte, so 20…275); then records of [length (1 byte), packet bytes],
// where a length of 0 instead advances the clock by 100 ms and ticks the endpoint.
@_spi(Wire) import HandshakeNearby

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    let configuration = LinkEndpoint.Configuration(mtu: 20 + Int(first))
    guard var endpoint = try? LinkEndpoint(configuration: configuration) else { fatalError("an MTU of at least 20 was refused") }
    var now = Duration.zero
    var carried = 0
    var delivered = 0
    _ = endpoint.send(Array(repeating: 0x5A, count: 1_000), now: now)

    func check(_ output: LinkEndpoint.Output) {
        delivered += output.delivered.count
        for packet in output.packets where packet.count > configuration.packetSize {
            fatalError("the endpoint sent a packet larger than the link carries")
        }
    }

    var index = 1
    while index < bytes.count {
        let length = Int(bytes[index])
        index += 1
        if length == 0 {
            now += .milliseconds(100)
            do { check(try endpoint.tick(now: now)) } catch {
                guard !error.description.isEmpty, endpoint.failure != nil else { fatalError("a link failure without a sentence or a state") }
            }
            continue
        }
        let packet = Array(bytes[index..<min(bytes.count, index + length)])
        index += length
        let wasFailed = endpoint.failure != nil
        do {
            let decoded = try LinkPacket(decoding: packet, maxSize: configuration.packetSize)
            guard decoded.encoded == packet else { fatalError("a decoded packet does not re-encode to its bytes") }
            if case .data(_, let payload) = decoded { carried += payload.count }
        } catch {
            guard !error.description.isEmpty else { fatalError("a refused packet without a sentence") }
        }
        do {
            check(try endpoint.receive(packet, now: now))
            if wasFailed { fatalError("a failed link went on receiving") }
        } catch {
            guard !error.description.isEmpty else { fatalError("a refused packet without a sentence") }
        }
        guard delivered <= carried else { fatalError("the endpoint delivered bytes nobody sent") }
    }
    return 0
}
