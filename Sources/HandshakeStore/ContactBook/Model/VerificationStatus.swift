/// Whether the contact's details are backed by a signed card this book checked.
///
/// This is about the card's signature, not about the person: comparing security codes in person is
/// what ties the key to a face, and that is recorded separately (``Contact/securityCodeVerifiedAt``).
public enum VerificationStatus: String, Sendable, Codable, CaseIterable {
    /// The current card passed the whole receive pipeline.
    case verified
    /// Details from an address book (a vCard without a valid signed card): anyone could have written them.
    case unverified
    /// A card arrived but did not verify; kept only when the person chose to keep the entry anyway.
    case failed
    /// An exchange is under way (a nearby session or a server request not yet answered).
    case pending
}
