// Establishes what a presentation to a verifier (OpenID4VP) discloses when the person names nothing: every
// card field the verifier asked for, and never the Handshake identity itself (the card signed by the
// identity's key), which makes the presentation linkable to that identity and is shared only when named.
import HandshakeCredentials

/// What a presentation discloses by default, for every front end that asks the person.
public enum PresentationConsent {
    /// The claims disclosed when the person chose none: the asked ones, without `PresentableClaim.handshakeCard`.
    public static func defaultAllowed(asked: Set<PresentableClaim>) -> Set<PresentableClaim> {
        asked.subtracting([.handshakeCard])
    }

    /// The claims disclosed: those the person named, or the default for `asked` when they named none.
    public static func allowed(named: Set<PresentableClaim>, asked: Set<PresentableClaim>) -> Set<PresentableClaim> {
        named.isEmpty ? defaultAllowed(asked: asked) : named
    }
}
