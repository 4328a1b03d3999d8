import HandshakeCore
import HandshakePresentation
import HandshakeQR

/// Shows a security code's scannable payload as a QR code in the terminal, for the other device to scan
/// (`contact verify --scan` there takes the payload it reads).
enum SecurityCodeDisplay {
    static func qrLines(for payload: String) -> [String]? {
        guard let code = try? CardQRCode.make(showing: payload) else { return nil }
        return code.terminalText(style: .ansi, quietZone: 4).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
