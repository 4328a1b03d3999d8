import Foundation
import HandshakeCore
import Hummingbird

/// The JSON bodies of the auth and account routes, as docs/api/openapi.yaml names them.
///
/// Binary values (keys, challenges, signatures, cards) travel as unpadded base64url text; times as
/// ISO 8601. Decoding here only reads shapes; the routes check values.

/// `POST /v1/auth/challenge`: the key to sign in with, or the Node ID of an account that already has one.
struct ChallengeRequest: Decodable {
    let sigKey: String?
    let nodeId: String?
}

/// A challenge to sign, and until when it can be answered.
struct ChallengeResponse: ResponseEncodable {
    let challenge: String
    let nodeId: String
    let expiresAt: Date
}

/// `POST /v1/auth/token`: the challenge and the signature over its labelled bytes.
struct TokenRequest: Decodable {
    let challenge: String
    let signature: String
}

/// A bearer token for the account and until when it is accepted.
struct TokenResponse: ResponseEncodable {
    let token: String
    let nodeId: String
    let expiresAt: Date
}

/// `GET /v1/account`: the signed-in account.
struct AccountResponse: ResponseEncodable {
    let nodeId: String
    let sigKey: String
    let cardUpdatedAt: UInt64?
    let createdAt: Date
}

/// `PUT /v1/account/card`: what was stored.
struct PublishedCardResponse: ResponseEncodable {
    let nodeId: String
    let updatedAt: UInt64
}
