/// Why an X25519 key agreement gave no secret.
@_spi(Wire) public enum KeyAgreementError: HandshakeError, Equatable {
    /// The other key is one of the few points whose agreement is all zeros whatever our key: such a key
    /// is never an honest one.
    case lowOrderPoint

    /// A sentence to show the person whose exchange failed.
    public var description: String {
        switch self {
        case .lowOrderPoint: return "The other device's encryption key is not a usable key; no secret can be agreed with it."
        }
    }
}
