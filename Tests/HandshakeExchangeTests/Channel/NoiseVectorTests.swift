import Crypto
import Foundation
import Testing

@_spi(Testing) @_spi(Wire) @testable import HandshakeExchange

/// The published Noise test vectors (cacophony's and snow's) for the patterns this library runs, in the
/// suite 25519_ChaChaPoly_SHA256: every handshake message, the handshake hash and the transport messages.
@Suite("Noise test vectors")
struct NoiseVectorTests {
    struct Vector: Decodable, CustomTestStringConvertible {
        struct Message: Decodable {
            let payload: String
            let ciphertext: String
        }
        let protocol_name: String
        let source: String
        let init_prologue: String
        let init_ephemeral: String
        let init_static: String?
        let init_psks: [String]?
        let resp_prologue: String
        let resp_ephemeral: String
        let resp_static: String?
        let resp_psks: [String]?
        let handshake_hash: String?
        let messages: [Message]

        var testDescription: String { "\(protocol_name) from \(source)" }
    }

    struct File: Decodable {
        let vectors: [Vector]
    }

    static let vectors: [Vector] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Vectors/noise-vectors.json")
        guard let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(File.self, from: data) else { return [] }
        return file.vectors
    }()

    @Test func everyPatternHasVectors() {
        let names = Set(Self.vectors.map(\.protocol_name))
        #expect(names == Set(NoisePattern.all.map(\.protocolName)))
        #expect(Self.vectors.count >= 5)
    }

    @Test(arguments: vectors)
    func vector(_ vector: Vector) throws {
        let pattern = try #require(NoisePattern.named(vector.protocol_name))
        func key(_ hex: String?) throws -> Curve25519.KeyAgreement.PrivateKey? {
            guard let hex else { return nil }
            return try privateKey(hex: hex)
        }
        func bytes(_ hex: String) throws -> [UInt8] { try #require([UInt8](hex: hex)) }

        var initiator = try NoiseHandshakeState(
            pattern: pattern, isInitiator: true, prologue: bytes(vector.init_prologue),
            staticKey: key(vector.init_static), ephemeralKey: key(vector.init_ephemeral),
            preSharedKey: vector.init_psks?.first.map(bytes))
        var responder = try NoiseHandshakeState(
            pattern: pattern, isInitiator: false, prologue: bytes(vector.resp_prologue),
            staticKey: key(vector.resp_static), ephemeralKey: key(vector.resp_ephemeral),
            preSharedKey: vector.resp_psks?.first.map(bytes))
        var initiatorTransport: (send: NoiseCipherState, receive: NoiseCipherState)?
        var responderTransport: (send: NoiseCipherState, receive: NoiseCipherState)?
        var transportMessages = 0

        for (index, message) in vector.messages.enumerated() {
            let payload = try bytes(message.payload)
            let expected = try bytes(message.ciphertext)
            let fromInitiator = index.isMultiple(of: 2)
            if var sender = fromInitiator ? initiatorTransport : responderTransport,
               var receiver = fromInitiator ? responderTransport : initiatorTransport {
                let ciphertext = try sender.send.encrypt(ad: [], plaintext: payload)
                #expect(ciphertext == expected, "transport message \(index)")
                #expect(try receiver.receive.decrypt(ad: [], ciphertext: ciphertext) == payload)
                if fromInitiator { (initiatorTransport, responderTransport) = (sender, receiver) }
                else { (responderTransport, initiatorTransport) = (sender, receiver) }
                transportMessages += 1
                continue
            }
            let ciphertext: [UInt8]
            let read: [UInt8]
            if fromInitiator {
                ciphertext = try initiator.writeMessage(payload: payload)
                read = try responder.readMessage(ciphertext)
            } else {
                ciphertext = try responder.writeMessage(payload: payload)
                read = try initiator.readMessage(ciphertext)
            }
            #expect(ciphertext == expected, "handshake message \(index)")
            #expect(read == payload)
            if initiator.isComplete {
                #expect(responder.isComplete)
                #expect(initiator.handshakeHash == responder.handshakeHash)
                if let hash = vector.handshake_hash { #expect(initiator.handshakeHash == (try bytes(hash))) }
                initiatorTransport = initiator.split()
                responderTransport = responder.split()
            }
        }
        #expect(initiatorTransport != nil, "the handshake completed")
        #expect(transportMessages > 0, "the vector has transport messages")
    }

    @Test func protocolNamesOfTheNearbyChannel() {
        #expect(NoisePattern.nn.protocolName == NearbyProtocol.noiseCompareCode)
        #expect(NoisePattern.nnPSK0.protocolName == NearbyProtocol.noiseSessionSecret)
    }

    @Test func alteredHandshakeMessageFails() throws {
        let psk = [UInt8](repeating: 7, count: 32)
        var initiator = try NoiseHandshakeState(pattern: .nnPSK0, isInitiator: true, prologue: [], preSharedKey: psk)
        var responder = try NoiseHandshakeState(pattern: .nnPSK0, isInitiator: false, prologue: [], preSharedKey: psk)
        var message = try initiator.writeMessage()
        message[40] ^= 1
        #expect(throws: NoiseError.decryptionFailed) { try responder.readMessage(message) }
    }

    @Test func missingPreSharedKeyIsRefused() {
        #expect(throws: NoiseError.missingKey) { try NoiseHandshakeState(pattern: .nnPSK0, isInitiator: true, prologue: []) }
        #expect(throws: NoiseError.missingKey) { try NoiseHandshakeState(pattern: .xx, isInitiator: true, prologue: []) }
    }

    @Test func lowOrderPublicKeyIsRefused() throws {
        var responder = try NoiseHandshakeState(pattern: .nn, isInitiator: false, prologue: [])
        _ = try responder.readMessage([UInt8](repeating: 0, count: 32))
        #expect(throws: NoiseError.invalidPublicKey) { try responder.writeMessage() }
    }
}
