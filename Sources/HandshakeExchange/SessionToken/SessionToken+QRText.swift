// Establishes the session token as the text of a QR code, so a camera is the tap (docs/protocols/
// nearby-bootstrap.md §2.6): `HT1:` followed by the Base45 (RFC 9285) of the token's NDEF message, which
// QR alphanumeric mode holds at 5.5 bits a byte. One scan opens the session and both cards cross, as after an
// NFC tap; the text carries the secret, so it is shown only on the screen of the person it is meant for,
// and lives a minute.
import Foundation
@_spi(Wire) import HandshakeCore

extension SessionToken {
    /// What starts a token's QR text.
    public static let qrPrefix = "HT1:"

    /// The token as a QR code's text.
    public var qrText: String { Self.qrPrefix + Base45.encode(ndefMessage) }

    /// Whether `text` is a token's QR text (by its prefix, in any case), whatever follows it.
    public static func isQRText(_ text: some StringProtocol) -> Bool { text.uppercased().hasPrefix(qrPrefix) }

    /// The token in a QR code's text, refused as ``init(ndefMessage:at:)`` refuses it, or when the text is not
    /// Base45 after its prefix.
    public init(qrText text: String, at now: Date) throws(SessionTokenError) {
        // Line ends a reader may add go; spaces stay, since a space is one of Base45's characters.
        let trimmed = text.trimmingCharacters(in: .newlines)
        guard Self.isQRText(trimmed), trimmed.utf8.count <= 2 * NearbyProtocol.sessionTokenMessageLimit else {
            throw .malformedPayload("it is not a session token's QR text (HT1:…)")
        }
        let bytes: [UInt8]
        do throws(Base45.DecodingError) {
            bytes = try Base45.decode(trimmed.dropFirst(Self.qrPrefix.count))
        } catch {
            throw .malformedPayload("its QR text is not Base45")
        }
        try self.init(ndefMessage: bytes, at: now)
    }
}
