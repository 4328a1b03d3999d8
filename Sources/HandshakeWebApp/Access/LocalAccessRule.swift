// Establishes who may use the app, decided from a request's head alone so it can be tested without a
// network: only a browser on this machine that was given the launch URL. The order matters: a request to a
// name other than the app's loopback address and port is refused first (a DNS-rebinding page reaches the port
// under its own name); then the launch secret is traded for the cookie, or the cookie must be there; then a
// change must come from the app's own origin with the form token. It does not authenticate a person: anyone
// who can read the launch URL or the cookie on this machine is trusted, as with Jupyter. The address and the
// cookie are read by Hummingbird (`URI`, `Request.cookies`); this decides from what they hold.
import Foundation
import Hummingbird
import HummingbirdCore

/// What the app does with a request.
enum LocalAccessDecision: Equatable, Sendable {
    /// Serve it.
    case allow
    /// The launch secret was right: set the session cookie and go to `location` (the URL without it).
    case startSession(location: String)
    /// The request names another host: refused (421), with the address the app answers at.
    case wrongHost
    /// No session: refused (401), with a page that says how to open the app.
    case noSession
    /// A change from another origin, or without the form token: refused (403).
    case crossSite
    /// The head is fine for a change; the form token, which the body or a header carries, decides
    /// (``LocalAccessRule/decide(formToken:)``). The body is read only after the head passed.
    case checkFormToken
}

/// The rule, for one launch at one address.
struct LocalAccessRule: Sendable {
    /// The start of the session cookie's name; the port follows.
    static let cookiePrefix = "handshake-app-"
    /// The form field that carries the form token.
    static let formTokenField = "csrf"
    /// The header that carries the form token beside a body that is not a form (a picture).
    static let formTokenHeader = "X-Form-Token"

    let secrets: LaunchSecrets
    /// The loopback address the app is served on (AppAddress).
    let address: String
    let port: Int

    init(secrets: LaunchSecrets, address: String = AppAddress.fallback, port: Int) {
        self.secrets = secrets
        self.address = address
        self.port = port
    }

    /// The session cookie's name: one per port, so two apps on one address (macOS has only 127.0.0.1) never
    /// overwrite each other's session. Browsers send a cookie to every port of its host; the app's own
    /// address (AppAddress) is what keeps it from other servers.
    var cookieName: String { Self.cookiePrefix + String(port) }

    /// The `Host` values the app answers to: its address with the port, and `localhost` when that address
    /// is 127.0.0.1 (the name resolves there and nowhere else).
    var hosts: [String] {
        ["\(address):\(port)"] + (address == AppAddress.fallback ? ["localhost:\(port)"] : [])
    }

    /// Where the app answers, as a person would type it.
    var origin: String { "http://\(address):\(port)" }

    /// The URL that opens the app for this launch: the contact list at the app's origin, with the launch
    /// secret that ``decide(method:host:uri:session:origin:)`` trades for the session cookie.
    var launchURL: URL? {
        URL(string: origin + AppPath.contacts.href + "?" + Self.query([(Substring(Self.secretParameter), Substring(secrets.launch))]))
    }

    /// The query item of the launch URL that carries the launch secret.
    static let secretParameter = "secret"

    /// Decides from the method, the `Host` (authority), the address with its query, the session cookie's
    /// value, the `Origin` header and, for a change, the form token the body carried.
    func decide(method: String, host: String?, uri: URI, session: String?, origin: String?, formToken: String?) -> LocalAccessDecision {
        let head = decide(method: method, host: host, uri: uri, session: session, origin: origin)
        return head == .checkFormToken ? decide(formToken: formToken) : head
    }

    /// Decides from the request's head alone; for a change that passes, ``LocalAccessDecision/checkFormToken``.
    func decide(method: String, host: String?, uri: URI, session: String?, origin: String?) -> LocalAccessDecision {
        guard let host, hosts.contains(host.lowercased()) else { return .wrongHost }
        let query = uri.queryParameters
        if method == "GET", let given = query[Substring(Self.secretParameter)] {
            guard LaunchSecrets.same(String(given), secrets.launch) else { return .noSession }
            let rest = query.filter { $0.key != Self.secretParameter }
            let path = Self.ownPath(uri.path)
            return .startSession(location: rest.isEmpty ? path : path + "?" + Self.query(rest))
        }
        let reads = ["GET", "HEAD"].contains(method)
        // The script and the stylesheet hold nothing of the account: a refusal page (drawn before there is a
        // session) loads its style too.
        if reads, uri.path.hasPrefix(StaticFiles.basePath + "/"), !uri.path.contains("..") { return .allow }
        guard LaunchSecrets.same(session, secrets.session) else { return .noSession }
        if reads { return .allow }
        guard let origin, hosts.contains(where: { "http://\($0)" == origin.lowercased() }) else { return .crossSite }
        return .checkFormToken
    }

    /// `path` if it can only be a path of this app, else `/`: the launch redirect's `Location`. A browser reads
    /// `//host/…`, and `/\host/…` too (the URL standard takes a backslash for a slash), as another site's
    /// address, so only letters, digits and `/-._~` are kept, with no `//` or `..` segment anywhere.
    static func ownPath(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "/", "-", ".", "_", "~": true
            default: false
            }
        }
        guard plain, path.hasPrefix("/"), !path.contains("//"), !path.split(separator: "/").contains("..") else { return "/" }
        return path
    }

    /// The second step of a change whose head passed: the form token must be this launch's.
    func decide(formToken: String?) -> LocalAccessDecision {
        LaunchSecrets.same(formToken, secrets.formToken) ? .allow : .crossSite
    }

    /// The session cookie to set when the launch secret was right: host-only (no `Domain`), so it goes back
    /// to the app's own address alone; never to a script, never with a request from another site.
    var sessionCookie: Cookie {
        Cookie(name: cookieName, value: secrets.session, path: "/", httpOnly: true, sameSite: .strict)
    }

    /// Query items written again, each name and value percent-encoded.
    static func query(_ items: [(key: Substring, value: Substring)]) -> String {
        let plain = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        func encoded(_ text: Substring) -> String { text.addingPercentEncoding(withAllowedCharacters: plain) ?? "" }
        return items.map { encoded($0.key) + "=" + encoded($0.value) }.joined(separator: "&")
    }
}
