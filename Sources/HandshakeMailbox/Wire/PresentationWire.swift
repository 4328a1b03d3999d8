import Foundation
import HandshakeCore
import HandshakeCredentials

/// The JSON bodies of the mailbox as an OpenID4VP verifier (docs/server.md, "Presentations").

/// Where a presentation request is in its life.
public enum PresentationRequestStatus: String, Sendable, Codable {
    /// Waiting for a wallet's answer.
    case pending
    /// A wallet answered with a presentation that verified.
    case presented
    /// The wallet's user declined (`error=access_denied`).
    case declined
}

/// `POST /v1/presentations/requests`: which claims to ask for (default: the name).
package struct CreateVerifierRequestBody: Codable, Sendable {
    package let claims: [String]?

    package init(claims: [String]?) { self.claims = claims }
}

/// A new presentation request: the link to show as a QR code, and how long it can be answered.
package struct CreatedVerifierRequestResponse: Codable, Sendable {
    package let id: String
    package let requestUrl: String
    package let clientId: String
    package let expiresAt: Date

    package init(id: String, requestUrl: String, clientId: String, expiresAt: Date) {
        self.id = id
        self.requestUrl = requestUrl
        self.clientId = clientId
        self.expiresAt = expiresAt
    }
}

/// `GET /v1/presentations/requests/{id}`: pending, or the verified outcome.
package struct VerifierRequestResponse: Codable, Sendable {
    package let id: String
    package let status: PresentationRequestStatus
    package let expiresAt: Date
    /// The holder's did:key: pairwise, the same for this verifier every time, unrelated for others.
    package let holder: String?
    /// The disclosed card fields.
    package let fields: CardFields?
    /// The holder's Node ID, when they presented their Handshake identity.
    package let nodeId: String?
    package let answeredAt: Date?

    package init(
        id: String, status: PresentationRequestStatus, expiresAt: Date, holder: String?, fields: CardFields?, nodeId: String?,
        answeredAt: Date?
    ) {
        self.id = id
        self.status = status
        self.expiresAt = expiresAt
        self.holder = holder
        self.fields = fields
        self.nodeId = nodeId
        self.answeredAt = answeredAt
    }
}

/// The answer to a wallet's `direct_post` (OpenID4VP §8.2): an empty JSON object, no redirect.
package struct DirectPostResponse: Codable, Sendable {
    package init() {}
}
