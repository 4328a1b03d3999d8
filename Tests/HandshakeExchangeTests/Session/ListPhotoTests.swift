import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// The list photo of docs/protocols/nearby.md §2: one `photo` message each way in a list session, sent as the
/// channel opens, at most 8 KiB of PNG or JPEG; a second one, or one that is no image, ends the session. The
/// payload is read independently by `Conformance/nearby_messages.py` (cbor2, and Pillow decoding the image).
@Suite("Session messages: the list photo")
struct ListPhotoTests {
    /// A 16×16 PNG made by Pillow (a blue dot on orange), 131 bytes.
    static let png: [UInt8] = Array(Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAASklEQVR42mM8UaHBQApgYiARkKyBBVMo7EgFnL3KpoOADciqMbnoGjClMQWZ8KvGlKJ9KFGgATMEsUox4ZLAJciEXxrTCMbBl/gA0GkX8RPwWpMAAAAASUVORK5CYII=")!)

    static func photo() throws -> Avatar { try Avatar(data: png) }

    @Test func itSurvivesEncodingAndDecoding() throws {
        let message = SessionMessage.photo(try Self.photo())
        #expect(message.type.rawValue == 0x14)
        #expect(try SessionMessage.decode(type: 0x14, payload: message.payload) == message)
    }

    @Test func whatIsNotASmallPictureIsRefused() throws {
        func payload(_ image: [UInt8]) -> [UInt8] { CBOREncoder.encode(.map([CBORPair(.int(1), .bytes(image))])) }
        #expect(throws: MessageError.malformed(.photo, "its image is not a PNG or JPEG")) {
            try SessionMessage.decode(type: 0x14, payload: payload(Array("<svg onload=alert(1)>".utf8)))
        }
        let large = [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: SessionMessage.photoBytes - 2)
        #expect(throws: MessageError.malformed(.photo, "its image is 8193 bytes, over 8192")) { try SessionMessage.decode(type: 0x14, payload: payload(large)) }
        #expect(throws: MessageError.tooLarge(.photo, bytes: 9000, limit: SessionMessage.photoBytes + 64)) {
            try SessionMessage.decode(type: 0x14, payload: [UInt8](repeating: 0, count: 9000))
        }
        #expect(throws: MessageError.malformed(.photo, "it holds no image")) {
            try SessionMessage.decode(type: 0x14, payload: CBOREncoder.encode(.map([CBORPair(.int(1), .text("a photo"))])))
        }
    }

    /// Ada's session sends her photo as its channel opens; Bob's shows it, with nothing else changed.
    static func pair(adaSends photo: Avatar?) -> NearbyPair {
        var pair = NearbyPair()
        pair.ada = NearbySession(
            channel: SecureChannel(role: .initiator, secret: nil), ownKey: SessionPair.ada.sigKey, trustedContacts: [], terms: .standard,
            timeouts: SessionTimeouts(), now: SessionPair.start, defersCommonFriends: false, photo: photo)
        pair.toBob = []
        pair.take(pair.ada.start(), from: .ada)
        return pair
    }

    @Test func theChannelOpensWithThePhoto() throws {
        let photo = try Self.photo()
        var pair = Self.pair(adaSends: photo)
        pair.deliver()
        #expect(pair.bob.theirPhoto == photo && pair.ada.theirPhoto == nil)
        #expect(pair.events.contains(.photoReceived(photo)))
        guard case .confirm = pair.bob.state else { Issue.record("\(pair.bob.state)"); return }
        guard case .confirm = pair.ada.state else { Issue.record("\(pair.ada.state)"); return }
    }

    @Test func aSecondPhotoEndsTheSession() throws {
        let photo = try Self.photo()
        var pair = Self.pair(adaSends: photo)
        pair.deliver()
        pair.take(pair.ada.apply([.send(.photo(photo))]), from: .ada)
        pair.deliver()
        #expect(pair.bob.state == .ended(.failed("The other device sent a second photo.")))
    }

    @Test("cbor2 reads the photo message canonically and Pillow decodes its image")
    func pythonChecksThePhoto() async throws {
        let message = SessionMessage.photo(try Self.photo())
        let result = try await python.run("nearby_messages.py", [
            "handshake_hash": String(repeating: "00", count: 32),
            "messages": [["from": "initiator", "type": 0x14, "payload": message.payload.hex]],
        ])
        #expect(result["checked"] as? Int == 1)
        #expect(result["photos"] as? [String] == ["PNG 16x16"])
    }
}
