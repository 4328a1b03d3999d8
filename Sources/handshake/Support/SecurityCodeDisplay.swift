import HandshakeCore

/// Shows a security code's scannable payload.
///
/// Hook for the QR renderer (HandshakeQR, being built separately): once it can draw a symbol for the
/// terminal, `qrLines(for:)` returns those lines and `contact verify` prints them above the payload text.
/// Until then it returns `nil` and only the text is shown (which `--scan PAYLOAD` on the other device accepts).
enum SecurityCodeDisplay {
    static func qrLines(for payload: String) -> [String]? {
        nil
    }
}
