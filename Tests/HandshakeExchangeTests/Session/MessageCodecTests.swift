import Foundation
@_spi(Wire) import HandshakeCore
import Testing

@_spi(Wire) @testable import HandshakeExchange

@Suite("Session messages: encoding, bounds, typed errors")
struct MessageCodecTests {
    static let offer = CardOffer(cardBytes: [1, 2, 3], binding: Array(repeating: 9, count: 64))

    @Test("every message survives encoding and decoding", arguments: [
        SessionMessage.request(offer, kind: .exchange), .request(offer, kind: .give), .accept(offer), .accept(nil),
        .decline, .cancel(.cancelled), .cancel(.noAnswer), .note("Hello 👋"), .close,
    ])
    func roundTrip(message: SessionMessage) throws {
        #expect(try SessionMessage.decode(type: message.type.rawValue, payload: message.payload) == message)
    }

    @Test func typedErrors() {
        #expect(throws: MessageError.unknownType(0x7F)) { try SessionMessage.decode(type: 0x7F, payload: []) }
        let huge = [UInt8](repeating: 0, count: SessionMessage.limit(.request) + 1)
        #expect(throws: MessageError.tooLarge(.request, bytes: huge.count, limit: SessionMessage.limit(.request))) {
            try SessionMessage.decode(type: MessageType.request.rawValue, payload: huge)
        }
        // A request without its kind, an acceptance with a short binding, a note that is not text.
        let noKind = CBOREncoder.encode(.map(Self.offer.pairs))
        #expect(throws: MessageError.malformed(.request, "it does not say what kind of request it is")) {
            try SessionMessage.decode(type: MessageType.request.rawValue, payload: noKind)
        }
        let shortBinding = CBOREncoder.encode(.map([CBORPair(.int(2), .bytes([1])), CBORPair(.int(3), .bytes([1, 2]))]))
        #expect(throws: MessageError.malformed(.accept, "its card carries no 64-byte session signature")) {
            try SessionMessage.decode(type: MessageType.accept.rawValue, payload: shortBinding)
        }
        #expect(throws: MessageError.malformed(.note, "it holds no text")) {
            try SessionMessage.decode(type: MessageType.note.rawValue, payload: CBOREncoder.encode(.map([CBORPair(.int(1), .int(5))])))
        }
        #expect(throws: MessageError.self) { try SessionMessage.decode(type: MessageType.close.rawValue, payload: [0xFF]) }
        #expect(MessageError.unknownType(0x7F).description == "The other device sent a message of a kind this version does not know (type 127).")
    }
}
