// A presentation discloses the asked card fields by default, never the identity unless it is named.
import HandshakeCore
import HandshakeCredentials
import HandshakePresentation
import Testing

@Suite("presentation consent")
struct PresentationConsentTests {
    @Test("by default the asked fields, without the Handshake identity; what the person names otherwise")
    func defaults() {
        let asked: Set<PresentableClaim> = [.field(.name), .field(.emails), .handshakeCard]
        #expect(PresentationConsent.defaultAllowed(asked: asked) == [.field(.name), .field(.emails)])
        #expect(PresentationConsent.allowed(named: [], asked: asked) == [.field(.name), .field(.emails)])
        #expect(PresentationConsent.allowed(named: [.handshakeCard], asked: asked) == [.handshakeCard])
        #expect(PresentationConsent.defaultAllowed(asked: []).isEmpty)
    }
}
