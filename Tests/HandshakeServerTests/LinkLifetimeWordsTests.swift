import Testing

@testable import HandshakeServer

/// The landing page says how long a link lasts as the operator set it (`--link-lifetime`), in words.
struct LinkLifetimeWordsTests {
    @Test func theLifetimeIsSaidAsAPersonSaysIt() {
        #expect(LandingPageHTML.duration(86_400) == "24 hours")
        #expect(LandingPageHTML.duration(7 * 86_400) == "7 days")
        #expect(LandingPageHTML.duration(3600) == "1 hour")
        #expect(LandingPageHTML.duration(1800) == "30 minutes")
        #expect(LandingPageHTML.duration(90) == "90 seconds")
        #expect(LandingPageHTML.duration(1) == "1 second")
        #expect(LandingPageHTML.refusal(.linkExpired, lifetime: 3600, root: "../../").contains("Share links last 1 hour."))
    }
}
