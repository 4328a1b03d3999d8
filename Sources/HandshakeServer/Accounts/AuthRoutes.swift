import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeMailbox
import Hummingbird

/// Signing in without a password: `POST /v1/auth/challenge` then `POST /v1/auth/token`.
///
/// The first issues 32 random bytes for a key (given directly, or through the Node ID of an existing
/// account); the second takes the challenge back with the key's Ed25519 signature over it for
/// `SigningPurpose/serverChallenge` and, if it verifies, burns the challenge and returns a bearer token
/// valid for ``MailboxPolicy/sessionLifetime``. Signing in makes no account: that waits for a card, or for
/// its owner to ask for it (``MailboxAccountStorage``).
struct AuthRoutes: Sendable {
    let storage: any MailboxStorage
    let clock: any MailboxClock
    let policy: MailboxPolicy
    /// The count of challenges per client address and per standing (`SignInLimit`).
    let limit: SignInLimit

    func register(on group: RouterGroup<MailboxContext>) {
        group.post(RouterPath(MailboxPath.challenge), use: challenge)
        group.post(RouterPath(MailboxPath.token), use: token)
    }

    /// Signing out: `DELETE /v1/auth/session` ends the session of the token used, `DELETE
    /// /v1/auth/sessions` every session of the account (a lost device). Either answers 204; the ended
    /// tokens are refused from then on, and their open event streams end at their next wake-up.
    func registerSignedIn(on group: RouterGroup<MailboxContext>) {
        group.delete(RouterPath(MailboxPath.session)) { _, context in
            try await storage.endSessions(of: try context.requireAccount(), tokenHash: context.sessionTokenHash)
            return Response(status: .noContent)
        }
        group.delete(RouterPath(MailboxPath.sessions)) { _, context in
            try await storage.endSessions(of: try context.requireAccount(), tokenHash: nil)
            return Response(status: .noContent)
        }
    }

    @Sendable func challenge(_ request: Request, context: MailboxContext) async throws -> EditedResponse<ChallengeResponse> {
        let first = try limit.admit(address: clientAddress(request, context))
        let body = try await request.decode(as: ChallengeRequest.self, context: context)
        let sigKey: [UInt8]
        var known = false
        switch (body.sigKey, body.nodeId) {
        case (let text?, _):
            guard let key = Base64URL.decode(text), key.count == 32 else {
                throw MailboxError.badRequest("`sigKey` must be a 32-byte Ed25519 public key in base64url.")
            }
            if let nodeText = body.nodeId, NodeID(sigKey: key).rawValue != nodeText {
                throw MailboxError.badRequest("`nodeId` is not the Node ID of `sigKey`.")
            }
            sigKey = key
        case (nil, let nodeText?):
            guard let nodeID = NodeID(nodeText) else { throw MailboxError.badRequest("`nodeId` is not a Node ID.") }
            guard let account = try await storage.account(nodeID) else { throw MailboxError.unknownAccount }
            sigKey = account.sigKey
            known = true
        case (nil, nil):
            throw MailboxError.badRequest("give `sigKey` (or the `nodeId` of an existing account).")
        }
        try limit.admit(try await standing(of: sigKey, known: known, request: request), key: sigKey, first: first)
        let challenge = AuthChallenge(
            bytes: SecretToken.randomBytes(AuthChallenge.byteCount), sigKey: sigKey,
            expiresAt: clock.now().addingTimeInterval(policy.challengeLifetime))
        try await storage.saveChallenge(challenge)
        let response = ChallengeResponse(
            challenge: Base64URL.encode(challenge.bytes), nodeId: challenge.nodeID.rawValue, expiresAt: challenge.expiresAt)
        return EditedResponse(status: .created, response: response)
    }

    /// How the instance-wide sign-in count sees a request for a challenge for `sigKey` (`known` when the
    /// account was already found): signed in when it carries a valid session of that key, known when the key
    /// has an account, a newcomer otherwise.
    func standing(of sigKey: [UInt8], known: Bool, request: Request) async throws -> SignInLimit.Standing {
        let nodeID = NodeID(sigKey: sigKey)
        if let tokenHash = BearerAuthMiddleware.tokenHash(in: request),
            try await storage.sessionAccount(tokenHash: tokenHash, now: clock.now()) == nodeID
        {
            return .signedIn
        }
        if known { return .known }
        return try await storage.account(nodeID) == nil ? .newcomer : .known
    }

    /// Who asks: the connection's peer, or behind a trusted proxy the address it appended to
    /// `X-Forwarded-For` (the last one: the ones before it are the client's own word).
    func clientAddress(_ request: Request, _ context: MailboxContext) -> String? {
        policy.clientAddress(
            forwardedFor: HTTPFields.Element.Name("X-Forwarded-For").flatMap { request.headers[$0] }, peer: context.remoteAddress?.ipAddress)
    }

    @Sendable func token(_ request: Request, context: MailboxContext) async throws -> EditedResponse<TokenResponse> {
        let body = try await request.decode(as: TokenRequest.self, context: context)
        guard let bytes = Base64URL.decode(body.challenge), bytes.count == AuthChallenge.byteCount else {
            throw MailboxError.challengeInvalid
        }
        guard let signature = Base64URL.decode(body.signature), signature.count == 64 else {
            throw MailboxError.badRequest("`signature` must be a 64-byte Ed25519 signature in base64url.")
        }
        let now = clock.now()
        // Burned before checking the signature: a wrong answer uses the challenge up, so it cannot be
        // retried against the same bytes.
        guard let challenge = try await storage.consumeChallenge(bytes, now: now) else { throw MailboxError.challengeInvalid }
        guard challenge.isAnswered(by: signature) else { throw MailboxError.badSignature }

        // A session, not an account: the account is made when its owner publishes a card or asks for it.
        let token = SecretToken.bearer()
        let expiresAt = now.addingTimeInterval(policy.sessionLifetime)
        try await storage.saveSession(tokenHash: SecretToken.hash(token), sigKey: challenge.sigKey, now: now, expiresAt: expiresAt)
        context.logger.info("signed in", metadata: ["account": "\(challenge.nodeID)"])
        return EditedResponse(status: .created, response: TokenResponse(token: token, nodeId: challenge.nodeID.rawValue, expiresAt: expiresAt))
    }
}
