// Establishes what is read from a verifier's reply to an answer (OpenID4VP §8.2): the `redirect_uri` it asks
// the holder to follow, only as an https address (http for loopback) of bounded length, and on a refusal its
// `error_description` (or `message`) as a reason, made safe to show. Everything else in the reply is ignored.
import Foundation
import HandshakeCore

/// A verifier's JSON reply, read defensively: it is text from outside.
struct VerifierReply {
    /// The longest address or reason kept.
    static let maxCharacters = 512

    var redirectURI: URL?
    var ignoredRedirect = false
    var reason: String?

    init(_ body: Data) {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return }
        if let text = object["redirect_uri"] as? String {
            if let url = Self.followable(text) { redirectURI = url } else { ignoredRedirect = true }
        }
        if let text = (object["error_description"] as? String) ?? (object["message"] as? String) ?? (object["error"] as? String) {
            let cleaned = UntrustedText.cleaned(text, limit: Self.maxCharacters)
            if !cleaned.isEmpty { reason = cleaned }
        }
    }

    /// `text` as an address a person may be sent to: https, or http on loopback, with a host, no invisible
    /// characters, and at most ``maxCharacters`` characters (``TextLength``'s rule).
    static func followable(_ text: String) -> URL? {
        guard TextLength.check(text, limit: maxCharacters) == nil, !UntrustedText.needsCleaning(text),
            let url = URL(string: text), let host = url.host, !host.isEmpty
        else { return nil }
        switch url.scheme?.lowercased() {
        case "https": return url
        case "http": return ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) ? url : nil
        default: return nil
        }
    }
}
