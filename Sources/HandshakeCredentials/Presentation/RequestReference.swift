// Establishes the seam between reading a request and fetching one: a request by reference (`request_uri`,
// RFC 9101 §5.2) names where its request object is, and the caller fetches it (the library does no I/O), then
// hands the JWT to `AuthorizationRequest(requestObject:reference:now:)`, which checks that its `client_id` is
// the one the link named.
import Foundation

/// Where to fetch a request object from, read from a request link.
@_spi(Wire) public struct RequestReference: Sendable, Hashable {
    /// The `client_id` the link names; the request object must name the same one.
    public let clientID: String
    /// The verifier as the link names it (checked again against the request object).
    public let client: ClientIdentifier
    /// The URL to fetch the request object from (https, or http to this machine).
    public let requestURI: URL
    /// `request_uri_method` as given: `get` (the default) or `post`. Handshake fetches with GET either way,
    /// as §5.1 allows a wallet without `post` support to do.
    public let method: String

    /// The media type a request object is served as (RFC 9101 §10.2).
    public static let mediaType = "application/oauth-authz-req+jwt"
}
