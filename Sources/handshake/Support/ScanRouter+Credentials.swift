import HandshakeCredentials

extension ScanRouter {
    /// Whether `bytes` are shaped like a VC-JWT or a JSON card envelope: a credential that may carry a
    /// Handshake card, which `add` reads through the router. (Only the shape; nothing is verified here.)
    static func mayCarryCard(_ bytes: [UInt8]) -> Bool {
        [.compactJWT, .jsonEnvelope].contains(classify(bytes))
    }
}
