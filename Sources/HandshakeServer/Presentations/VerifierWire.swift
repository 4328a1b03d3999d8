import Foundation
import HandshakeCredentials
import Hummingbird

/// The JSON bodies of the presentation routes.

/// `POST /v1/presentations/requests`: which claims to ask for (default: the name).
struct CreateVerifierRequestBody: Decodable {
    let claims: [String]?
}

/// A new presentation request: the link to show as a QR code, and how long it can be answered.
struct CreatedVerifierRequestResponse: ResponseEncodable {
    let id: String
    let requestUrl: String
    let clientId: String
    let expiresAt: Date
}

/// A presentation request as its verifier reads it: pending, or the verified outcome.
struct VerifierRequestResponse: ResponseEncodable {
    let id: String
    let status: VerifierRequest.Status
    let expiresAt: Date
    /// The holder's did:key: pairwise, the same for this verifier every time, unrelated for others.
    let holder: String?
    /// The disclosed card fields.
    let fields: CardFields?
    /// The holder's Node ID, when they presented their Handshake identity.
    let nodeId: String?
    let answeredAt: Date?

    init(_ request: VerifierRequest) {
        id = request.id
        status = request.status
        expiresAt = request.expiresAt
        holder = request.holder
        fields = request.disclosedJSON.flatMap { try? JSONDecoder().decode(CardFields.self, from: Data($0.utf8)) }
        nodeId = request.nodeID?.rawValue
        answeredAt = request.answeredAt
    }
}

/// The answer to a wallet's `direct_post` (OpenID4VP §8.2): an empty JSON object, no redirect.
struct DirectPostResponse: ResponseEncodable {}
