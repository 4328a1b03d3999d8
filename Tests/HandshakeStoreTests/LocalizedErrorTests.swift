import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeStore
import Testing

/// An app that shows `error.localizedDescription` shows the library's sentence, not "The operation
/// couldn't be completed": every error of HandshakeCore and HandshakeStore is a `LocalizedError`.
@Suite("errors an app can show")
struct LocalizedErrorTests {
    static let errors: [any Error & CustomStringConvertible] = [
        CardRejection.tooLarge(bytes: 200_000, limit: 98_304),
        CardFieldError.tooLong(field: "name", length: 70, limit: 64),
        SignedEnvelopeError.notTagged,
        CBORError.truncated(offset: 3),
        GroupedCodeError.checksumMismatch,
        KeyAgreementError.lowOrderPoint,
        SeedBackup.RestoreError.notABackup,
        DIDKey.ParseError.notDIDKey,
        ScannableSecurityCode.ParseError.notASecurityCode,
        StoreError.noIdentity(home: "/tmp/nowhere"),
        ContactBookError.unknownContact("nobody"),
        StoreError.noIdentity(home: nil),
        ReceiveError.mergeNeedsOneMatch(count: 2),
    ]

    @Test("localizedDescription is the sentence of description", arguments: 0..<errors.count)
    func localizedDescription(_ index: Int) {
        let error = Self.errors[index]
        #expect(error.localizedDescription == error.description)
        #expect(!error.description.isEmpty)
    }
}
