import Foundation

/// The JSON bodies of the share-link routes. Cards travel as unpadded base64url text, times as ISO 8601.

/// `POST /v1/share-links`: the token, its two link forms, and when it expires.
package struct CreatedShareLinkResponse: Codable, Sendable {
    package let token: String
    package let url: String
    package let appUrl: String
    package let expiresAt: Date

    package init(token: String, url: String, appUrl: String, expiresAt: Date) {
        self.token = token
        self.url = url
        self.appUrl = appUrl
        self.expiresAt = expiresAt
    }
}

/// `GET /v1/share-links/{token}`: its owner and the owner's signed card.
package struct ResolvedShareLinkResponse: Codable, Sendable {
    package let nodeId: String
    package let card: String
    package let expiresAt: Date

    package init(nodeId: String, card: String, expiresAt: Date) {
        self.nodeId = nodeId
        self.card = card
        self.expiresAt = expiresAt
    }
}
