import Crypto
import Foundation

@_spi(Testing) @_spi(Wire) @testable import HandshakeExchange

/// Two channel ends wired together in memory, with every frame each one sent kept in order.
struct ChannelPair {
    var initiator: SecureChannel
    var responder: SecureChannel
    /// Wire bytes sent, per direction, one entry per `.send` output (or `start()` result).
    var initiatorSent: [[UInt8]] = []
    var responderSent: [[UInt8]] = []
    var initiatorEvents: [ChannelOutput] = []
    var responderEvents: [ChannelOutput] = []

    init(secret: SessionSecret? = nil, responderSecret: SessionSecret?? = .none,
         initiatorKey: Curve25519.KeyAgreement.PrivateKey = .init(),
         responderKey: Curve25519.KeyAgreement.PrivateKey = .init()) {
        initiator = SecureChannel(role: .initiator, secret: secret, ephemeralKey: initiatorKey)
        responder = SecureChannel(role: .responder, secret: responderSecret ?? secret, ephemeralKey: responderKey)
    }

    /// Runs `start()` on both ends and moves bytes both ways until neither has anything left to send.
    mutating func connect() throws {
        var toResponder = initiator.start()
        var toInitiator = responder.start()
        if !toResponder.isEmpty { initiatorSent.append(toResponder) }
        if !toInitiator.isEmpty { responderSent.append(toInitiator) }
        while !toResponder.isEmpty || !toInitiator.isEmpty {
            if !toResponder.isEmpty {
                let outputs = try responder.receive(toResponder)
                toResponder = []
                for output in outputs {
                    if case .send(let bytes) = output {
                        responderSent.append(bytes)
                        toInitiator += bytes
                    } else {
                        responderEvents.append(output)
                    }
                }
            }
            if !toInitiator.isEmpty {
                let outputs = try initiator.receive(toInitiator)
                toInitiator = []
                for output in outputs {
                    if case .send(let bytes) = output {
                        initiatorSent.append(bytes)
                        toResponder += bytes
                    } else {
                        initiatorEvents.append(output)
                    }
                }
            }
        }
    }
}

/// The messages among some outputs.
func messages(_ outputs: [ChannelOutput]) -> [ChannelMessage] {
    outputs.compactMap { if case .message(let type, let payload) = $0 { ChannelMessage(type: type, payload: payload) } else { nil } }
}

struct ChannelMessage: Equatable {
    let type: UInt8
    let payload: [UInt8]
}

/// Splits a stream of frames into the frames themselves (length prefix included).
func frames(_ stream: [UInt8]) -> [[UInt8]] {
    var result: [[UInt8]] = []
    var index = 0
    while index + 2 <= stream.count {
        let length = Int(stream[index]) << 8 | Int(stream[index + 1])
        result.append(Array(stream[index..<min(stream.count, index + 2 + length)]))
        index += 2 + length
    }
    return result
}

func privateKey(hex: String) throws -> Curve25519.KeyAgreement.PrivateKey {
    guard let bytes = [UInt8](hex: hex) else { throw TestDataError.badHex(hex) }
    return try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: bytes)
}

enum TestDataError: Error {
    case badHex(String)
    case missing(String)
}

/// A deterministic pseudo-random payload (no RNG needed to reproduce a failure).
func patternBytes(count: Int, seed: UInt8 = 0) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ Int(seed) &+ ($0 >> 8)) }
}
