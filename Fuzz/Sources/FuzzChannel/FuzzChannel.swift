// libFuzzer target: arbitrary bytes into the secure channel's `receive`, for both roles in both modes, fresh
// or already established (the keys of the worked example in docs/protocols/nearby-channel.md, so seeds made
// from it reach the handshake's end and the record layer).
// Input: byte 0 = configuration (bit 0: responder, bit 1: session secret, bit 2: established), byte 1 = where
// to split the rest into two reads, then the stream.
// Invariants: receive never traps; a delivered message is within the size bound; an established channel has
// a 32-byte hash and a code exactly in compare-code mode; once receive throws, the channel reports that
// failure, has no summary, and refuses every later receive and seal with `alreadyFailed(that failure)`.
import Crypto
@_spi(Testing) @_spi(Wire) import HandshakeExchange

let initiatorKey = key(0x01)
let responderKey = key(0x21)
let secret = SessionSecret(bytes: (0..<32).map { UInt8(0x41 + $0) })

func key(_ first: UInt8) -> Curve25519.KeyAgreement.PrivateKey {
    guard let key = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: (0..<32).map { first + UInt8($0) }) else {
        fatalError("a 32-byte X25519 key is always valid")
    }
    return key
}

func fresh(_ role: ChannelRole, withSecret: Bool) -> SecureChannel {
    SecureChannel(role: role, secret: withSecret ? secret : nil, ephemeralKey: role == .initiator ? initiatorKey : responderKey)
}

/// Both ends of one session in each mode, connected once and copied for every input (they are values).
let established: [Bool: (initiator: SecureChannel, responder: SecureChannel)] = {
    var result: [Bool: (initiator: SecureChannel, responder: SecureChannel)] = [:]
    for withSecret in [false, true] {
        var initiator = fresh(.initiator, withSecret: withSecret)
        var responder = fresh(.responder, withSecret: withSecret)
        var toResponder = initiator.start()
        var toInitiator = responder.start()
        do {
            while !toResponder.isEmpty || !toInitiator.isEmpty {
                for case .send(let bytes) in try responder.receive(toResponder) { toInitiator += bytes }
                toResponder = []
                for case .send(let bytes) in try initiator.receive(toInitiator) { toResponder += bytes }
                toInitiator = []
            }
        } catch {
            fatalError("the fixed-key session does not connect: \(error)")
        }
        guard initiator.isEstablished, responder.isEstablished else { fatalError("the fixed-key session is not established") }
        result[withSecret] = (initiator, responder)
    }
    return result
}()

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard bytes.count >= 2 else { return 0 }
    let role: ChannelRole = bytes[0] & 1 == 0 ? .initiator : .responder
    let withSecret = bytes[0] & 2 != 0
    var channel: SecureChannel
    if bytes[0] & 4 != 0, let pair = established[withSecret] {
        channel = role == .initiator ? pair.initiator : pair.responder
    } else {
        channel = fresh(role, withSecret: withSecret)
        _ = channel.start()
    }
    let stream = bytes[2...]
    let cut = stream.startIndex + stream.count * Int(bytes[1]) / 256
    for part in [stream[..<cut], stream[cut...]] {
        do {
            for output in try channel.receive(part) {
                switch output {
                case .send(let wire):
                    guard wire.count >= 3 else { fatalError("sent an empty frame") }
                case .established(let summary):
                    guard summary.handshakeHash.count == 32, channel.summary == summary,
                          (summary.shortCode == nil) == withSecret else { fatalError("inconsistent summary") }
                case .message(_, let payload):
                    guard payload.count <= channel.maximumMessageSize else { fatalError("message over the bound") }
                }
            }
        } catch {
            checkFailed(&channel, error)
            return 0
        }
    }
    if channel.isEstablished {
        guard channel.summary != nil, (try? channel.seal(type: 1, payload: [1, 2, 3])) != nil else {
            fatalError("an established channel cannot seal")
        }
    }
    return 0
}

func checkFailed(_ channel: inout SecureChannel, _ error: ChannelError) {
    guard channel.failure == error, channel.summary == nil, !channel.isEstablished else {
        fatalError("a failed channel does not report its failure")
    }
    do {
        _ = try channel.receive([0x00, 0x01, 0x03])
        fatalError("a failed channel accepted input")
    } catch {
        guard error == .alreadyFailed(channel.failure ?? error) else { fatalError("wrong error after failure: \(error)") }
    }
    do {
        _ = try channel.seal(type: 1, payload: [])
        fatalError("a failed channel sealed a message")
    } catch {
        guard case .alreadyFailed = error else { fatalError("wrong error sealing after failure: \(error)") }
    }
}
