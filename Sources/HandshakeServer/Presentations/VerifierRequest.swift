// Establishes what the server keeps of an OpenID4VP presentation request an account made as a verifier
// (docs/server.md, "Presentations"): the request's secrets and query, and once a wallet has answered, the
// outcome. It does not verify anything: `VerifierRoutes` does, through HandshakeCredentials'
// `PresentationVerifier`, before an outcome is recorded.
import Foundation
import HandshakeCore
import HandshakeMailbox

/// A presentation request made by a verifier account, and its outcome once answered.
public struct VerifierRequest: Sendable, Equatable {
    /// Where it is in its life (the mailbox API's `PresentationRequestStatus`).
    public typealias Status = PresentationRequestStatus

    /// The request's id, under which its verifier reads the outcome.
    public let id: String
    /// The verifier: the account that made the request and alone may read its outcome.
    public let owner: NodeID
    /// The nonce the presentation must be bound to; an answer to it is accepted once.
    public let nonce: String
    /// The state a wallet returns with its answer: how the answer finds its request, since every request
    /// of one verifier shares one response address (and so one `client_id`).
    public let state: String
    /// The full `client_id`: `redirect_uri:` and the verifier's response address, the same for all of its
    /// requests, so that a holder's pairwise key for this verifier is the same each time.
    public let clientID: String
    /// The DCQL query, as JSON text.
    public let queryJSON: String
    /// When it was made.
    public let createdAt: Date
    /// After this, answers are refused.
    public let expiresAt: Date
    /// Pending, presented or declined.
    public var status: Status = .pending
    /// The holder's did:key, once presented (pairwise: the same for this verifier every time).
    public var holder: String?
    /// The disclosed card fields as JSON (the `CardFields` form), once presented.
    public var disclosedJSON: String?
    /// The holder's Node ID, when they presented their Handshake identity.
    public var nodeID: NodeID?
    /// When the answer arrived.
    public var answeredAt: Date?

    /// Whether answers are refused at `now` because the request has expired.
    func isExpired(at now: Date) -> Bool { now >= expiresAt }
}

/// The queries behind presentation requests: make one, read one, and record its outcome once.
public protocol VerifierRequestStorage: Sendable {
    /// Stores a new pending request.
    func createVerifierRequest(_ request: VerifierRequest) async throws
    /// The request with this id.
    func verifierRequest(id: String) async throws -> VerifierRequest?
    /// The request with this state: where an answer belongs.
    func verifierRequest(state: String) async throws -> VerifierRequest?
    /// Records `answered`'s outcome if the request is still pending; `false` if an answer came first. The
    /// check and the write are one statement, so of two answers racing (on any instance) one wins.
    func recordVerifierOutcome(_ answered: VerifierRequest) async throws -> Bool
}
