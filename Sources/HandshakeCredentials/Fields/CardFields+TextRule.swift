// Establishes that fields read from any credential form (a VC-JWT subject, a plaintext envelope) follow the
// card's own text rules (docs/formats/card.md §2: lengths, counts, no control characters or bidirectional
// overrides), so a credential can never put on a screen text that a Handshake card could not hold. The
// readers refuse such fields with this rule's sentence; they never show them cleaned as "verified".
import HandshakeCore

extension CardFields {
    /// Throws the first card text rule these fields break.
    public func validateText() throws(CardFieldError) {
        try ContactCard.validateTextFields(
            name: name, bio: bio, location: location, company: company, title: title, emails: emails, phones: phones, links: links,
            skills: skills)
    }
}
