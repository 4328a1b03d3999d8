import HandshakeCore

/// Why text meant as a share link was not read as one. Nothing was sent anywhere.
public enum ShareLinkError: HandshakeError, Equatable {
    /// Longer than ``ShareLink/maxTextBytes``.
    case tooLong
    /// None of the three forms.
    case notALink
    /// The token is not 43 letters and digits.
    case badToken
    /// What follows the token is not a Node ID.
    case badOwner
    /// The path is not `/share/contact/TOKEN[/OWNER]`.
    case badPath
    /// A user name or password before the host (`user:pass@`).
    case credentials
    /// A query (`?…`).
    case query
    /// A fragment (`#…`).
    case fragment
    /// The host is not a host name or an IP address as it should be written; the reason says how.
    case badHost(String)
    /// Plain http to a host that is not this computer. `host` is as the link wrote it; the sentence shows it
    /// escaped (HandshakeCore's `UntrustedText.inline`), since it came from outside.
    case plainHTTP(host: String)

    /// The sentence to show.
    public var description: String {
        let shape = "A share link is https://HOST/share/contact/TOKEN/NODE-ID (or handshake://contact/TOKEN/NODE-ID) and nothing more"
        return switch self {
        case .tooLong: "This is too long to be a share link."
        case .notALink: "This is not a share link. \(shape)."
        case .badToken: "This share link's token is not \(ShareLink.tokenLength) letters and digits: check that it was copied whole."
        case .badOwner: "This share link does not name its owner's Node ID where it should. \(shape)."
        case .badPath: "This share link's path is not /share/contact/TOKEN/NODE-ID. \(shape)."
        case .credentials: "This share link carries a user name or password (before @), which share links never do; it was not opened."
        case .query: "This share link has a query (?…) after its token, which share links never do; it was not opened. \(shape)."
        case .fragment: "This share link has a fragment (#…) after its token, which share links never do; it was not opened. \(shape)."
        case .badHost(let reason): "This share link was not opened: \(reason)."
        case .plainHTTP(let host):
            "This share link uses plain http to \(UntrustedText.inline(host, limit: 120)): a share link uses https, or http only to this computer (127.0.0.1, [::1], localhost). It was not opened."
        }
    }
}
