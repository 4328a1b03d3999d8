import Foundation

/// Every path of the mailbox API (docs/api/openapi.yaml), spelled once: the server registers its routes
/// under these names and the client builds its requests from them.
///
/// Paths are relative to the server's base URL. The route templates (with `{…}`) are the server's; the
/// functions fill them for the client, with values that are already checked to be path-safe (Node IDs are
/// base58, tokens base62, request ids UUIDs or base62).
package enum MailboxPath {
    /// The version prefix every API route is under.
    package static let version = "v1"

    package static let challenge = "auth/challenge"
    package static let token = "auth/token"
    package static let session = "auth/session"
    package static let sessions = "auth/sessions"
    package static let account = "account"
    package static let accountCard = "account/card"
    package static let card = "cards/{nodeId}"
    package static let cardChanges = "card-changes"
    package static let shareLinks = "share-links"
    package static let shareLink = "share-links/{token}"
    package static let friendRequests = "friend-requests"
    package static let friendRequest = "friend-requests/{id}"
    package static let acceptFriendRequest = "friend-requests/{id}/accept"
    package static let declineFriendRequest = "friend-requests/{id}/decline"
    package static let cancelFriendRequest = "friend-requests/{id}/cancel"
    package static let badge = "badge"
    package static let events = "events"
    package static let eventStream = "events/stream"
    package static let contacts = "contacts"
    package static let contact = "contacts/{nodeId}"
    package static let favorite = "contacts/{nodeId}/favorite"
    package static let presentationRequests = "presentations/requests"
    package static let presentationRequest = "presentations/requests/{id}"
    package static let presentationResponses = "presentations/responses/{verifier}"
    package static let passSigner = "wallet-pass/signer"
    package static let passSignature = "wallet-pass/signature"

    /// `template` with each `{name}` replaced by its value, under the version prefix: `/v1/…`.
    package static func filled(_ template: String, _ values: [String: String] = [:]) -> String {
        var path = template
        for (name, value) in values { path = path.replacingOccurrences(of: "{\(name)}", with: value) }
        return "/\(version)/\(path)"
    }
}
