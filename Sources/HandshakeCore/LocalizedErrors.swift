import Foundation

// Every error HandshakeCore throws is an enum whose cases say what went wrong in data an app can act
// on (which field, which limit, which form was recognised), and whose `description` is an English
// sentence for a person. `LocalizedError` hands that sentence to `localizedDescription`, so an app that
// shows `error.localizedDescription` shows it instead of "The operation couldn't be completed"; an app
// that translates switches over the cases and words them itself.

extension CardRejection: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension CardFieldError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension SignedEnvelopeError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension CBORError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension GroupedCodeError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension KeyAgreementError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension SeedBackup.RestoreError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension DIDKey.ParseError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}

extension ScannableSecurityCode.ParseError: LocalizedError {
    /// The sentence of `description`, which `localizedDescription` shows.
    public var errorDescription: String? { description }
}
