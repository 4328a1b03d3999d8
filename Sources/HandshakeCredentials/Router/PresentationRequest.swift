// Establishes what the router reads from an OpenID4VP authorization request: enough to recognise it and hand
// it to the presentation flow (who asks, and whether the request is by value or by reference). It checks
// nothing and fetches nothing; answering the request is the presentation flow's work.
import Foundation

/// An OpenID4VP authorization request, as scanned.
public struct PresentationRequest: Sendable, Hashable {
    /// The whole request URL as scanned.
    public let url: String
    /// The verifier's `client_id`, when the request names it.
    public let clientID: String?
    /// `request_uri`: the request is fetched from there (by reference).
    public let requestURI: String?
    /// `response_type`, when given by value (`vp_token` for a presentation).
    public let responseType: String?

    /// The request in `text`, or `nil` when it is not one: an `openid4vp://` URL, or an https URL whose query
    /// has `client_id` together with `request_uri`, `request` or `response_type=vp_token`.
    init?(_ text: String) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else { return nil }
        let items = components.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        switch scheme {
        case "openid4vp":
            break
        case "https":
            guard value("client_id") != nil,
                value("request_uri") != nil || value("request") != nil || value("response_type") == "vp_token"
            else { return nil }
        default:
            return nil
        }
        url = text
        clientID = value("client_id")
        requestURI = value("request_uri")
        responseType = value("response_type")
    }
}
