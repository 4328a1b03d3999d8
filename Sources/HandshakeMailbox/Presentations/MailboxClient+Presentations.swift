import Foundation
import HandshakeCore
import HandshakeCredentials

/// The server as an OpenID4VP verifier for the signed-in account (docs/server.md, "Presentations"): the
/// account asks for claims, shows the link as a QR code, and reads the verified outcome.
extension MailboxClient {
    /// Makes a presentation request asking for `claims` (the name when empty); a wallet can answer it for
    /// five minutes.
    public func createPresentationRequest(asking claims: [PresentableClaim]) async throws(MailboxClientError) -> CreatedPresentationRequest {
        let names = claims.isEmpty ? [CardField.name.rawValue] : claims.map(\.rawValue)
        let response: CreatedVerifierRequestResponse = try await call(
            "POST", MailboxPath.presentationRequests, json: CreateVerifierRequestBody(claims: names))
        // Shown, printed as a QR code and sent back in a path: checked where they arrive.
        guard Self.isRequestID(response.id) else {
            throw .unexpectedAnswer("the presentation request's id is \(UntrustedText.quoted(response.id, limit: 80)), which is not a request id.")
        }
        for text in [response.requestUrl, response.clientId] where UntrustedText.needsCleaning(text) || TextLength.count(text) > 4096 {
            throw .unexpectedAnswer("the presentation request holds \(UntrustedText.quoted(text, limit: 80)), which is not a link.")
        }
        return CreatedPresentationRequest(
            id: response.id, requestURL: response.requestUrl, clientID: response.clientId, expiresAt: response.expiresAt)
    }

    /// A request's outcome: pending, declined, or what was presented, verified by the server.
    public func presentationRequest(_ id: String) async throws(MailboxClientError) -> PresentationRequestOutcome {
        let response: VerifierRequestResponse = try await call("GET", MailboxPath.presentationRequest, ["id": try Self.pathSafe(id)])
        // The fields the server says it verified meet the card's text rules here too, as any card's do.
        do throws(CardFieldError) { try response.fields?.validate() } catch {
            throw .unexpectedAnswer("the presented fields are not a card's: \(error.description)")
        }
        return PresentationRequestOutcome(
            id: response.id, status: response.status, expiresAt: response.expiresAt, holder: response.holder, fields: response.fields,
            nodeID: response.nodeId.flatMap(NodeID.init), answeredAt: response.answeredAt)
    }
}

/// A presentation request just made.
public struct CreatedPresentationRequest: Sendable, Equatable {
    /// Its id, for reading the outcome.
    public let id: String
    /// The `openid4vp://` link a wallet scans.
    public let requestURL: String
    /// The verifier's `client_id` the wallet will see.
    public let clientID: String
    /// Until when it can be answered.
    public let expiresAt: Date
}

/// A presentation request as its verifier reads it.
public struct PresentationRequestOutcome: Sendable, Equatable {
    /// Its id.
    public let id: String
    /// Pending, presented or declined.
    public let status: PresentationRequestStatus
    /// Until when it can be answered.
    public let expiresAt: Date
    /// The holder's did:key for this verifier (the same each time they answer it).
    public let holder: String?
    /// The disclosed card fields.
    public let fields: CardFields?
    /// The holder's Node ID, when they presented their Handshake identity.
    public let nodeID: NodeID?
    /// When it was answered.
    public let answeredAt: Date?
}
