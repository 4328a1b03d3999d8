import Foundation
import Hummingbird

/// The JSON bodies of the share-link routes. Cards travel as unpadded base64url text, times as ISO 8601.

/// A new share link: the token, its two link forms, and when it expires.
struct CreatedShareLinkResponse: ResponseEncodable {
    let token: String
    let url: String
    let appUrl: String
    let expiresAt: Date
}

/// A resolved link: its owner and the owner's signed card.
struct ResolvedShareLinkResponse: ResponseEncodable {
    let nodeId: String
    let card: String
    let expiresAt: Date
}
