// libFuzzer target: the common-friends (PSI) messages, as a peer's set and as a peer's reply.
// The first byte picks the role of the rest: 0 a set, 1 a reply, 2 a change XORed into the genuine reply.
// Invariants: no input traps; an accepted set is answered with as many entries and bytes as it holds and a
// second set is refused; an accepted reply has as many entries as our set, finds only our own keys, and a
// second reply is refused; the genuine reply finds every common key.
@_spi(Wire) import HandshakeExchange

/// A fixed stream (SplitMix64), so every run of an input does the same thing.
struct FixedRandom: CommonFriendsRandomSource {
    var state: UInt64
    mutating func randomBytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
    }
}

let ourKeys = (1...5).map { [UInt8](repeating: UInt8($0), count: 32) }
let theirKeys = (3...9).map { [UInt8](repeating: UInt8($0), count: 32) }
let commonKeys = Array(ourKeys[2...])

/// The session salt (in a session, the channel's handshake hash).
let salt = [UInt8](repeating: 0x5A, count: 32)

func ours() -> CommonFriendsExchange { CommonFriendsExchange(contactKeys: ourKeys, sessionSalt: salt, random: FixedRandom(state: 1)) }

/// Our exchange with its set sent; the same after answering the peer's genuine set; the peer's genuine reply
/// to our set. Computed once: the exchange is a value, so each input starts from a copy (no X25519 spent).
let (sentSet, answeredPeer, ourSet, genuineReply): (CommonFriendsExchange, CommonFriendsExchange, [UInt8], [UInt8]) = {
    var us = ours()
    let ourSet = us.setMessage()
    let sent = us
    var peer = CommonFriendsExchange(contactKeys: theirKeys, sessionSalt: salt, random: FixedRandom(state: 2))
    let peerSet = peer.setMessage()
    guard let reply = try? peer.reply(toPeerSet: ourSet), (try? us.reply(toPeerSet: peerSet)) != nil
    else { fatalError("the genuine exchange failed") }
    return (sent, us, ourSet, reply)
}()

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let mode = bytes.first else { return 0 }
    let body = Array(bytes.dropFirst())
    switch mode % 3 {
    case 0:
        var exchange = sentSet
        guard let reply = try? exchange.reply(toPeerSet: body) else { return 0 }
        guard reply.count == body.count, reply.prefix(2) == body.prefix(2) else { fatalError("a reply differs in size from its set") }
        guard (try? exchange.reply(toPeerSet: body)) == nil else { fatalError("a second set was answered") }
    default:
        var exchange = answeredPeer
        var reply = body
        if mode % 3 == 2 {
            reply = genuineReply
            for (index, byte) in body.enumerated() { reply[index % reply.count] ^= byte }
        }
        guard let result = try? exchange.receiveReply(reply) else { return 0 }
        guard reply.count == ourSet.count else { fatalError("a reply of another size was accepted") }
        guard result.commonKeys.allSatisfy(ourKeys.contains) else { fatalError("a common key is not one of ours") }
        if reply == genuineReply && result.commonKeys != commonKeys { fatalError("the genuine reply missed a common key") }
        guard (try? exchange.receiveReply(reply)) == nil else { fatalError("a second reply was accepted") }
    }
    return 0
}
