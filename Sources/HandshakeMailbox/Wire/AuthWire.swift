import Foundation

/// The JSON bodies of signing in (`POST /v1/auth/challenge`, `POST /v1/auth/token`) and of the account's
/// own routes, as docs/api/openapi.yaml names them. The server decodes what clients encode and the other
/// way round, from these same types, so the two cannot drift apart.
///
/// Binary values (keys, challenges, signatures, cards) travel as unpadded base64url text; times as
/// ISO 8601. Decoding reads shapes only; whoever receives a body checks its values.

/// `POST /v1/auth/challenge`: the key to sign in with, or the Node ID of an account that already has one.
package struct ChallengeRequest: Codable, Sendable {
    package let sigKey: String?
    package let nodeId: String?

    package init(sigKey: String?, nodeId: String?) {
        self.sigKey = sigKey
        self.nodeId = nodeId
    }
}

/// A challenge to sign, and until when it can be answered.
package struct ChallengeResponse: Codable, Sendable {
    package let challenge: String
    package let nodeId: String
    package let expiresAt: Date

    package init(challenge: String, nodeId: String, expiresAt: Date) {
        self.challenge = challenge
        self.nodeId = nodeId
        self.expiresAt = expiresAt
    }
}

/// `POST /v1/auth/token`: the challenge and the signature over its labelled bytes.
package struct TokenRequest: Codable, Sendable {
    package let challenge: String
    package let signature: String

    package init(challenge: String, signature: String) {
        self.challenge = challenge
        self.signature = signature
    }
}

/// A bearer token for the account and until when it is accepted.
package struct TokenResponse: Codable, Sendable {
    package let token: String
    package let nodeId: String
    package let expiresAt: Date

    package init(token: String, nodeId: String, expiresAt: Date) {
        self.token = token
        self.nodeId = nodeId
        self.expiresAt = expiresAt
    }
}

/// `GET /v1/account`: the signed-in account.
package struct AccountResponse: Codable, Sendable {
    package let nodeId: String
    package let sigKey: String
    package let cardUpdatedAt: UInt64?
    package let createdAt: Date

    package init(nodeId: String, sigKey: String, cardUpdatedAt: UInt64?, createdAt: Date) {
        self.nodeId = nodeId
        self.sigKey = sigKey
        self.cardUpdatedAt = cardUpdatedAt
        self.createdAt = createdAt
    }
}

/// `PUT /v1/account/card`: what was stored.
package struct PublishedCardResponse: Codable, Sendable {
    package let nodeId: String
    package let updatedAt: UInt64

    package init(nodeId: String, updatedAt: UInt64) {
        self.nodeId = nodeId
        self.updatedAt = updatedAt
    }
}
