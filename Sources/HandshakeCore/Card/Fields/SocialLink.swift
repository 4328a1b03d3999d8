/// A link to the card owner on a social network or web site.
public struct SocialLink: Sendable, Hashable, Codable {
    /// The network, as people name it: "mastodon", "github", "linkedin", "web".
    public var platform: String
    /// The owner's handle there, if the network has handles.
    public var handle: String?
    /// The address of the owner's page.
    public var url: String?

    /// A link on `platform`, by handle, address or both.
    public init(platform: String, handle: String? = nil, url: String? = nil) {
        self.platform = platform
        self.handle = handle
        self.url = url
    }

    /// Parses the short form people type: `PLATFORM=URL`, `PLATFORM=@handle` or `PLATFORM=@handle=URL`.
    public init?(commandLine text: String) {
        let parts = text.split(separator: "=", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        platform = parts[0]
        if parts[1].hasPrefix("@") {
            handle = parts[1]
            url = parts.count == 3 ? parts[2] : nil
        } else {
            handle = nil
            url = parts.dropFirst().joined(separator: "=")
        }
    }

    /// The short form ``init(commandLine:)`` reads back: `github=https://github.com/ada`, `mastodon=@ada@example.social`
    /// or `mastodon=@ada@example.social=https://example.social/@ada`; what a form shows for editing.
    public var shortForm: String {
        [platform, handle, url].compactMap { $0 }.joined(separator: "=")
    }

    /// One line for people: `github @ada https://github.com/ada`.
    public var summary: String {
        ([platform] + [handle, url].compactMap { $0 }).joined(separator: " ")
    }
}
