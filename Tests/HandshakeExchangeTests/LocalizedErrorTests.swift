import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import Testing

/// Every error of HandshakeExchange is a `LocalizedError`: `localizedDescription` is its sentence.
@Suite("exchange errors an app can show")
struct ExchangeLocalizedErrorTests {
    static let errors: [any Error & CustomStringConvertible] = [
        ChannelError.malformedFrame,
        SessionTokenError.empty,
        SessionActionError.cardRequired,
        ShortCodeError.empty,
        CommonFriendsError.notABucket(count: 7),
        NoteError.empty,
        MessageError.unknownType(0x7F),
        CardSwapError.ownCard,
    ]

    @Test("localizedDescription is the sentence of description", arguments: 0..<errors.count)
    func localizedDescription(_ index: Int) {
        let error = Self.errors[index]
        #expect(error.localizedDescription == error.description)
        #expect(!error.description.isEmpty)
    }
}
