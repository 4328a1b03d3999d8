import HandshakeCore
import HandshakeQR

/// The QR code of a card: its QR text at error correction M, the level that survives a scuffed screen or a
/// glare spot while keeping a typical business card at a size phones read at arm's length.
enum CardQRCode {
    static func make(for card: SignedCard) throws(QRError) -> QRCode {
        try QRCode(encoding: CardText.qrText(card), errorCorrection: .medium)
    }
}
