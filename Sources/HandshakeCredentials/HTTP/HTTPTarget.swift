// Establishes what of a URL an exchange uses: http or https, the host read strictly (NetworkHost), the port,
// and the path with its query as the request's target. A user name or password in the URL is refused
// rather than sent (URLSession turned them into an Authorization header); the fragment is never sent.
import Foundation

/// Where a request goes.
struct HTTPTarget: Sendable {
    /// https (TLS) or plain http.
    let secure: Bool
    let host: NetworkHost
    let port: Int
    /// The path and query, as the request line carries them.
    let requestTarget: String

    init(_ url: URL) throws(BoundedHTTP.Failure) {
        let text = url.absoluteString
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .badAddress(url: text, reason: "only http and https addresses are fetched")
        }
        guard url.user == nil, url.password == nil else {
            throw .badAddress(url: text, reason: "it carries a user name or password, which is never sent")
        }
        do throws(NetworkHost.Refusal) {
            host = try NetworkHost(of: url)
        } catch {
            throw .badAddress(url: text, reason: error.description)
        }
        secure = scheme == "https"
        port = url.port ?? (secure ? 443 : 80)
        guard (1...65535).contains(port) else { throw .badAddress(url: text, reason: "its port \(port) is not a port") }
        let path = url.path(percentEncoded: true)
        requestTarget = (path.isEmpty ? "/" : path) + (url.query(percentEncoded: true).map { "?" + $0 } ?? "")
    }

    /// The `Host` header: the host, with the port when it is not the scheme's own.
    var hostHeader: String {
        port == (secure ? 443 : 80) ? host.urlForm : "\(host.urlForm):\(port)"
    }
}
