import Foundation
import HandshakeCore
import HandshakeCredentials

/// A one-time share link, in any of the three forms people paste (docs/server.md, "Share links"):
///
/// - `https://HOST[:PORT]/share/contact/TOKEN/OWNER`: the server's landing page; the link names its server.
/// - `handshake://contact/TOKEN/OWNER`: the app's deep link; the server is the one the app is registered with.
/// - `TOKEN` alone.
///
/// `OWNER` is the Node ID of the person who made the link: the card behind the link must be theirs, so a
/// server cannot hand out another person's valid card under it. Links made before servers wrote it
/// (`…/share/contact/TOKEN`, `handshake://contact/TOKEN`) are still read, without that check.
///
/// A token is 32 random bytes written as 43 base62 characters (`0-9A-Za-z`). This type is the one grammar
/// of the forms: the server checks tokens with it, and every client reads pasted text with it. A link from
/// a server is exactly `scheme://host[:port]/share/contact/…` and nothing more: a user name or password, a
/// query, a fragment, another path, a host the resolver would read as a number in another base, or plain
/// http to anywhere but this computer is refused (``ShareLinkError``), before anything is sent. It
/// establishes the shape only: whether the link exists, is used, expired or revoked is the server's answer,
/// and which addresses its server may be at is ``resolution(registered:)``'s rule.
public struct ShareLink: Sendable, Hashable, CustomStringConvertible {
    /// The token: 43 base62 characters.
    public let token: String
    /// The server the link names: `scheme://host[:port]` of an https (or loopback http) link; `nil` for the
    /// deep link and the bare token.
    public let server: URL?
    /// The Node ID of the person who made the link, when it names them.
    public let owner: NodeID?

    /// How many random bytes a token carries.
    public static let tokenByteCount = 32
    /// How many characters a token has.
    public static let tokenLength = 43
    /// The path segment before the token and owner in a server's link.
    public static let webPathPrefix = "/share/contact/"
    /// The deep link's prefix before the token and owner.
    public static let appLinkPrefix = "handshake://contact/"
    /// The longest text read as a link: a server URL of reasonable length, a Node ID and the token.
    public static let maxTextBytes = 2048

    /// Reads `text` (surrounding white space ignored) as one of the three forms; `nil` for anything else.
    /// ``init(validating:)`` says why.
    public init?(parsing text: String) {
        guard let link = try? ShareLink(validating: text) else { return nil }
        self = link
    }

    /// Reads `text` (surrounding white space ignored) as one of the three forms.
    /// - Throws: ``ShareLinkError``: the form broken, and how.
    public init(validating text: String) throws(ShareLinkError) {
        guard text.utf8.count <= Self.maxTextBytes else { throw .tooLong }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.prefix(Self.appLinkPrefix.count).lowercased() == Self.appLinkPrefix {
            (owner, token) = try Self.ownerAndToken(trimmed.dropFirst(Self.appLinkPrefix.count))
            server = nil
        } else if let scheme = Self.webScheme(of: trimmed) {
            (server, owner, token) = try Self.webLink(trimmed, scheme: scheme)
        } else if Self.isWellFormedToken(trimmed) {
            (token, server, owner) = (trimmed, nil, nil)
        } else {
            throw .notALink
        }
    }

    /// A link to `token` on `server` (or without a server, for the deep link and the bare token), made by
    /// `owner`.
    /// - Returns: `nil` when `token` is not 43 base62 characters.
    public init?(token: String, server: URL? = nil, owner: NodeID? = nil) {
        guard Self.isWellFormedToken(token) else { return nil }
        self.token = token
        self.server = server
        self.owner = owner
    }

    /// Whether `text` is meant as a share link: it starts as one of the two link forms (a deep link, or a
    /// web address whose path has `/share/contact/`). A front end reads such text as a link, and tells a
    /// broken one with ``ShareLinkError``'s sentence rather than as an unreadable card.
    public static func looksLikeShareLink(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= maxTextBytes else { return false }
        return trimmed.lowercased().hasPrefix(appLinkPrefix) || (webScheme(of: trimmed) != nil && trimmed.contains(webPathPrefix))
    }

    /// Whether `text` has the shape of a share token: exactly 43 characters of `0-9A-Za-z`.
    public static func isWellFormedToken(_ text: some StringProtocol) -> Bool {
        text.utf8.count == tokenLength
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            }
    }

    /// The link on `server`: what the server hands out and the landing page serves.
    public func webURL(on server: URL) -> URL? {
        var base = server.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + Self.webPathPrefix + ownerAndToken)
    }

    /// The deep link an app opens: `handshake://contact/TOKEN/OWNER` (`handshake://contact/TOKEN` for a
    /// link that names no owner).
    public var appURL: String { Self.appLinkPrefix + ownerAndToken }

    /// The link as it was named: its web form when it names a server, else the deep link.
    public var description: String {
        server.flatMap { webURL(on: $0)?.absoluteString } ?? appURL
    }

    /// `TOKEN/OWNER`: the token first, so a reader from before links named their owner, which ends the
    /// token at the first `/`, still reads the token.
    private var ownerAndToken: String { owner.map { "\(token)/\($0.rawValue)" } ?? token }

    // MARK: Reading

    /// `http` or `https` when `text` starts as a web address.
    private static func webScheme(of text: String) -> String? {
        let lowered = text.prefix(8).lowercased()
        if lowered.hasPrefix("https://") { return "https" }
        if lowered.hasPrefix("http://") { return "http" }
        return nil
    }

    /// `TOKEN` or `TOKEN/OWNER`, and nothing after.
    private static func ownerAndToken(_ rest: Substring) throws(ShareLinkError) -> (NodeID?, String) {
        if let mark = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { throw rest[mark] == "?" ? .query : .fragment }
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.contains(where: \.isEmpty) else { throw .badPath }
        switch parts.count {
        case 1:
            guard isWellFormedToken(parts[0]) else { throw .badToken }
            return (nil, String(parts[0]))
        case 2:
            guard isWellFormedToken(parts[0]) else { throw .badToken }
            guard let owner = NodeID(parts[1]) else { throw .badOwner }
            return (owner, String(parts[0]))
        default:
            throw .badPath
        }
    }

    /// `scheme://host[:port]/share/contact/TOKEN[/OWNER]`, read strictly.
    private static func webLink(_ text: String, scheme: String) throws(ShareLinkError) -> (URL, NodeID?, String) {
        guard let url = URL(string: text) else { throw .notALink }
        guard url.user == nil, url.password == nil else { throw .credentials }
        guard url.query == nil else { throw .query }
        guard url.fragment == nil else { throw .fragment }
        let host: NetworkHost
        do throws(NetworkHost.Refusal) {
            host = try NetworkHost(of: url)
        } catch {
            throw .badHost(error.description)
        }
        if scheme == "http", !host.isLoopback { throw .plainHTTP(host: host.description) }
        let path = url.path(percentEncoded: true)
        guard path.hasPrefix(webPathPrefix) else { throw .badPath }
        let (owner, token) = try ownerAndToken(path.dropFirst(webPathPrefix.count))
        let port = url.port.map { ":\($0)" } ?? ""
        guard let server = URL(string: "\(scheme)://\(host.urlForm)\(port)") else { throw .notALink }
        return (server, owner, token)
    }
}

extension NetworkHost {
    /// Whether the host is this computer by name or address: `localhost`, 127.0.0.0/8, ::1.
    var isLoopback: Bool {
        switch self {
        case .name(let name): name == "localhost"
        case .ipv4(let bytes), .ipv6(let bytes): NetworkAddressScope(bytes) == .loopback
        }
    }
}
