import Testing

@testable import HandshakeServer

/// The landing page says how long a link lasts as the operator set it (`--link-lifetime`), in words, and why a
/// link could not be used.
struct LinkLifetimeWordsTests {
    @Test func theLifetimeIsSaidAsAPersonSaysIt() {
        #expect(LandingPageHTML.duration(86_400) == "24 hours")
        #expect(LandingPageHTML.duration(7 * 86_400) == "7 days")
        #expect(LandingPageHTML.duration(3600) == "1 hour")
        #expect(LandingPageHTML.duration(1800) == "30 minutes")
        #expect(LandingPageHTML.duration(90) == "90 seconds")
        #expect(LandingPageHTML.duration(1) == "1 second")
        #expect(LandingPageHTML.refusal(.linkExpired, lifetime: 3600).contains("Share links last 1 hour."))
    }

    /// A link the server could not look up (its database not answering) is not called unknown: the page says
    /// the server cannot answer and when to try again.
    @Test func aDatabaseOutageIsNotAnUnknownLink() {
        let page = LandingPageHTML.refusal(.databaseUnavailable(retryAfter: 5), lifetime: 3600)
        #expect(page.contains("<h1>This server cannot answer right now</h1>"))
        #expect(page.contains("Try again in 5 seconds.") && !page.contains("does not exist"))
    }
}
