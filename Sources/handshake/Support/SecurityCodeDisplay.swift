import HandshakeCore
import HandshakeQR

/// Shows a security code's scannable payload as a QR code in the terminal, for the other device to scan
/// (`contact verify --scan` there takes the payload it reads).
enum SecurityCodeDisplay {
    static func qrLines(for payload: String) -> [String]? {
        // The payload is short and alphanumeric; error correction M, like the card's own QR code.
        guard let code = try? QRCode(encoding: payload, errorCorrection: .medium) else { return nil }
        return code.terminalText(style: .ansi, quietZone: 4).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
