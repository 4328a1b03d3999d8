import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeCredentials
import HandshakeMailbox
import Hummingbird

/// The mailbox as an OpenID4VP verifier (docs/server.md, "Presentations"):
/// `POST /v1/presentations/requests` makes a request (signed in: the account is the verifier),
/// `GET /v1/presentations/requests/{id}` reads its outcome (its verifier only), and
/// `POST /v1/presentations/responses/{verifier}` is where a wallet posts its answer (public, `direct_post`).
///
/// The response address names the verifier's account, not the request: it is the verifier's `client_id`
/// (`redirect_uri:` prefix), and a holder's pairwise key is derived from the `client_id`, so one address per
/// verifier keeps that key the same each time a person answers it. The answer's `state` finds the request.
///
/// An answer is verified before anything is stored (signature, holder binding, nonce, audience, expiry,
/// what the query asked), then recorded only if the request is still pending: the nonce is bound to one
/// request, so a replayed presentation meets an answered request on every instance. A request can be
/// answered for five minutes.
struct VerifierRoutes: Sendable {
    let storage: any MailboxStorage
    let clock: any MailboxClock
    let publicURL: String

    /// How long a request can be answered: OpenID4VP's presentations live five minutes (docs/protocols/openid4vp.md).
    static let lifetime: TimeInterval = 300
    /// The largest answer read: the verifier's own token limit, form-encoded, with room for `state`.
    static let maxAnswerBytes = PresentationVerifier.maxVPTokenBytes * 3 + 4096

    func registerPublic(on group: RouterGroup<MailboxContext>) {
        group.post(RouterPath(MailboxPath.presentationResponses), use: respond)
    }

    func registerSignedIn(on group: RouterGroup<MailboxContext>) {
        group.post(RouterPath(MailboxPath.presentationRequests), use: create)
        group.get(RouterPath(MailboxPath.presentationRequest), use: read)
    }

    @Sendable func create(_ request: Request, context: MailboxContext) async throws -> EditedResponse<CreatedVerifierRequestResponse> {
        let owner = try context.requireAccount()
        let body = try await request.decode(as: CreateVerifierRequestBody.self, context: context)
        let names = body.claims ?? ["name"]
        guard !names.isEmpty, names.count <= PresentableClaim.allCases.count else {
            throw MailboxError.badRequest("ask for between 1 and \(PresentableClaim.allCases.count) claims.")
        }
        var claims: [PresentableClaim] = []
        for name in names {
            guard let claim = PresentableClaim(claimName: name) else {
                throw MailboxError.badRequest("\(UntrustedText.inline(name, limit: 32)) is not a claim of a card; claims are \(PresentableClaim.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            if !claims.contains(claim) { claims.append(claim) }
        }
        let id = Base62.encode(SecretToken.randomBytes(16))
        let responseURI = "\(publicURL)/v1/presentations/responses/\(owner.rawValue)"
        let now = clock.now()
        let record = VerifierRequest(
            id: id, owner: owner, nonce: Base64URL.encode(SecretToken.randomBytes(32)), state: Base64URL.encode(SecretToken.randomBytes(16)),
            clientID: "redirect_uri:" + responseURI, queryJSON: VerifierQuery.dcql(asking: claims), createdAt: now,
            expiresAt: now.addingTimeInterval(Self.lifetime))
        try await context.makeAccountIfNeeded(in: storage, now: now)
        try await storage.createVerifierRequest(record)
        let link = VerifierQuery.link(
            clientID: record.clientID, responseURI: responseURI, nonce: record.nonce, state: record.state, dcql: record.queryJSON)
        return EditedResponse(
            status: .created,
            response: CreatedVerifierRequestResponse(id: id, requestUrl: link, clientId: record.clientID, expiresAt: record.expiresAt))
    }

    @Sendable func read(_ request: Request, context: MailboxContext) async throws -> VerifierRequestResponse {
        let owner = try context.requireAccount()
        // Another account's request is answered as unknown: its existence is not the caller's business.
        guard let record = try await storage.verifierRequest(id: try context.issuedID("id", unknown: .presentationRequestUnknown)), record.owner == owner
        else {
            throw MailboxError.presentationRequestUnknown
        }
        return VerifierRequestResponse(record)
    }

    @Sendable func respond(_ request: Request, context: MailboxContext) async throws -> DirectPostResponse {
        // Over the limit is 413 and a body cut short 400, both from ErrorMiddleware.
        let body = try await request.body.collect(upTo: Self.maxAnswerBytes)
        let form = try DirectPostForm(Array(buffer: body))
        guard let state = form["state"], !state.isEmpty else { throw MailboxError.badRequest("the answer has no state.") }
        // A state the server did not issue (one with a NUL, say) finds no request, the same on every backend.
        guard MailboxContext.isIssuedID(state) else { throw MailboxError.presentationRequestUnknown }
        // A state of another verifier's request is as unknown here as a state nobody made.
        guard var record = try await storage.verifierRequest(state: state),
            record.owner.rawValue == (try context.parameters.require("verifier"))
        else { throw MailboxError.presentationRequestUnknown }
        guard record.status == .pending else { throw MailboxError.presentationAlreadyAnswered }
        let now = clock.now()
        guard !record.isExpired(at: now) else { throw MailboxError.presentationRequestExpired }

        if form["error"] != nil {
            // The person declined (OpenID4VP §8.5: `access_denied`); any error ends the request the same way.
            record.status = .declined
        } else {
            guard let token = form["vp_token"] else { throw MailboxError.badRequest("the answer has neither vp_token nor error.") }
            let query: DCQLQuery
            do { query = try DCQLQuery(json: record.queryJSON) } catch { throw MailboxError.internalError }
            let presented: VerifiedPresentation
            do {
                presented = try await PresentationVerifier().verify(
                    vpToken: token, nonce: record.nonce, clientID: record.clientID, query: query, now: now)
            } catch {
                throw MailboxError.presentationRefused(error.description)
            }
            record.status = .presented
            record.holder = presented.holder.description
            record.disclosedJSON = Self.json(presented.fields)
            record.nodeID = presented.handshakeCard?.card.sigKey.nodeID
        }
        record.answeredAt = now
        guard try await storage.recordVerifierOutcome(record) else { throw MailboxError.presentationAlreadyAnswered }
        return DirectPostResponse()
    }

    private static func json(_ fields: CardFields) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
