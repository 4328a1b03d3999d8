/// The app's say before the session signs with the person's identity key: Face ID or a passcode on a phone,
/// nothing at all in the command-line program (``AlwaysConfirm``).
///
/// The gate is asked each time the session is about to bind the person's card to a session (a request or
/// an acceptance). Refusing leaves the session where it was: nothing is signed and nothing is sent.
public protocol ConfirmationGate: Sendable {
    /// Whether to go ahead with sharing the card with `peerName` (the name on their card or discovery entry,
    /// if known).
    func confirmSharing(with peerName: String?) async -> Bool
}

/// A gate that always lets the session sign: for programs where running the command is the confirmation.
public struct AlwaysConfirm: ConfirmationGate {
    /// A gate that never asks.
    public init() {}
    /// Always `true`.
    public func confirmSharing(with peerName: String?) async -> Bool { true }
}
