import HandshakeCore
import Testing

/// The short form people type for a link (`handshake card set --link`, the app's card editor) reads back
/// what it writes.
struct SocialLinkTests {
    @Test(arguments: [
        SocialLink(platform: "github", url: "https://github.com/ada"),
        SocialLink(platform: "mastodon", handle: "@ada@example.social"),
        SocialLink(platform: "mastodon", handle: "@ada@example.social", url: "https://example.social/@ada"),
        SocialLink(platform: "web", url: "https://example.org/?page=ada&lang=en"),
    ])
    func theShortFormReadsBackAsTheSameLink(_ link: SocialLink) {
        #expect(SocialLink(commandLine: link.shortForm) == link)
    }

    @Test func theShortFormIsWhatPeopleType() {
        #expect(SocialLink(platform: "github", url: "https://github.com/ada").shortForm == "github=https://github.com/ada")
        #expect(SocialLink(platform: "mastodon", handle: "@ada@example.social").shortForm == "mastodon=@ada@example.social")
        #expect(SocialLink(commandLine: "github") == nil && SocialLink(commandLine: "=x") == nil)
    }
}
