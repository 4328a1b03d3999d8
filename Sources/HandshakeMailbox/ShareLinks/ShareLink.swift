import Foundation

/// A one-time share link, in any of the three forms people paste (docs/server.md, "Share links"):
///
/// - `https://HOST/share/contact/TOKEN`: the server's landing page; the link names its server.
/// - `handshake://contact/TOKEN`: the app's deep link; the server is the one the app is registered with.
/// - `TOKEN` alone.
///
/// A token is 32 random bytes written as 43 base62 characters (`0-9A-Za-z`). This type is the one grammar
/// of the three forms: the server checks tokens with it, and every client reads pasted text with it. It
/// establishes the shape only: whether the link exists, is used, expired or revoked is the server's answer.
public struct ShareLink: Sendable, Hashable, CustomStringConvertible {
    /// The token: 43 base62 characters.
    public let token: String
    /// The server the link names: the scheme, host and port of an https (or http) link, with any path
    /// before `/share/contact/`; `nil` for the deep link and the bare token.
    public let server: URL?

    /// How many random bytes a token carries.
    public static let tokenByteCount = 32
    /// How many characters a token has.
    public static let tokenLength = 43
    /// The path segment before the token in a server's link.
    public static let webPathPrefix = "/share/contact/"
    /// The deep link's prefix before the token.
    public static let appLinkPrefix = "handshake://contact/"
    /// The longest text read as a link: a server URL of reasonable length and the token.
    public static let maxTextBytes = 2048

    /// Reads `text` (surrounding white space ignored) as one of the three forms.
    ///
    /// The token ends at the first `?`, `#` or `/`: what follows (a query, a fragment, a trailing slash,
    /// as links copied from a browser or a chat often carry) is ignored.
    /// - Returns: `nil` when `text` is none of the three forms, or its token is malformed.
    public init?(parsing text: String) {
        guard text.utf8.count <= Self.maxTextBytes else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let candidate: Substring
        var server: URL?
        if trimmed.hasPrefix(Self.appLinkPrefix) {
            candidate = trimmed.dropFirst(Self.appLinkPrefix.count)
        } else if trimmed.hasPrefix("https://") || trimmed.hasPrefix("http://") {
            guard let range = trimmed.range(of: Self.webPathPrefix),
                let base = URL(string: String(trimmed[..<range.lowerBound])), base.host != nil
            else { return nil }
            server = base
            candidate = trimmed[range.upperBound...]
        } else {
            candidate = Substring(trimmed)
        }
        let token = candidate.prefix { $0 != "?" && $0 != "#" && $0 != "/" }
        guard Self.isWellFormedToken(token) else { return nil }
        self.token = String(token)
        self.server = server
    }

    /// A link to `token` on `server` (or without a server, for the deep link and the bare token).
    /// - Returns: `nil` when `token` is not 43 base62 characters.
    public init?(token: String, server: URL? = nil) {
        guard Self.isWellFormedToken(token) else { return nil }
        self.token = token
        self.server = server
    }

    /// Whether `text` has the shape of a share token: exactly 43 characters of `0-9A-Za-z`.
    public static func isWellFormedToken(_ text: some StringProtocol) -> Bool {
        text.utf8.count == tokenLength
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            }
    }

    /// The https link on `server`: what the server hands out and the landing page serves.
    public func webURL(on server: URL) -> URL? {
        var base = server.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + Self.webPathPrefix + token)
    }

    /// The deep link an app opens: `handshake://contact/TOKEN`.
    public var appURL: String { Self.appLinkPrefix + token }

    /// The link as it was named: its https form when it names a server, else the deep link.
    public var description: String {
        server.flatMap { webURL(on: $0)?.absoluteString } ?? appURL
    }
}
