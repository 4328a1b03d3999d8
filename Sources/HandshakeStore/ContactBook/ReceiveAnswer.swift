// What the person said about a received card: the input of the one receive rule
// (``ContactBook/receive(_:source:answer:now:)``).

/// The person's answer to a received card, given after they saw its ``ReceivePreview``.
///
/// Only a new person needs an answer: a newer card of a known contact updates it without a question, and a
/// replay, a blocked person's card or a key conflict is never stored, whatever the answer.
public enum ReceiveAnswer: Sendable, Equatable {
    /// Add the card as a new contact with this trust level. When the card shares an email or phone with
    /// contacts, this is not enough: the person must say ``merge(into:)`` or ``addSeparately(trust:)``.
    case add(trust: TrustLevel)
    /// Add the card as a new contact of its own, even if it shares an email or phone with contacts.
    case addSeparately(trust: TrustLevel)
    /// Make the card the new identity of a contact it shares an email or phone with: `nil` for the one
    /// such contact, or the ``Contact/id`` of one of them. The contact's local fields stay, its old card
    /// goes to its history, and its security code must be compared again.
    case merge(into: Int64?)
    /// Store nothing, whatever the card is.
    case ignore
}
