import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeWalletPass
import Hummingbird

/// Wallet passes signed for a device that sends only its manifest's digest (docs/formats/wallet-pass.md,
/// "Signed by a server"): `GET /v1/wallet-pass/signer` names the pass type and team the server's
/// certificate signs for (a device needs them in pass.json before it can compute the manifest), and
/// `POST /v1/wallet-pass/signature` signs the SHA-256 of a manifest.json. Both need a signed-in account, so
/// the server's certificate signs only for its own users, and each account gets at most
/// ``MailboxPolicy/passSignaturesPerWindow`` signatures an hour (429 with `Retry-After` beyond). The card
/// never reaches the server.
struct WalletPassRoutes: Sendable {
    /// The operator's Pass Type ID certificate and key; `nil` when the server offers no signing.
    let signer: PassSigner?
    let storage: any MailboxStorage
    let clock: any MailboxClock
    let policy: MailboxPolicy

    func register(on group: RouterGroup<MailboxContext>) {
        group.get(RouterPath(MailboxPath.passSigner), use: describe)
        group.post(RouterPath(MailboxPath.passSignature), use: sign)
    }

    @Sendable func describe(_ request: Request, context: MailboxContext) async throws -> PassSignerResponse {
        _ = try context.requireAccount()
        let signer = try offered()
        return PassSignerResponse(passTypeIdentifier: signer.passTypeIdentifier, teamIdentifier: signer.teamIdentifier)
    }

    @Sendable func sign(_ request: Request, context: MailboxContext) async throws -> PassSignatureResponse {
        let account = try context.requireAccount()
        let signer = try offered()
        let body = try await request.decode(as: PassSignatureBody.self, context: context)
        guard let digest = Base64URL.decode(body.manifestSha256), digest.count == 32 else {
            throw MailboxError.badRequest("manifestSha256 must be the SHA-256 of manifest.json (32 bytes, base64url).")
        }
        let now = clock.now()
        try await context.makeAccountIfNeeded(in: storage, now: now)
        try await MailboxRules(storage: storage, policy: policy).recordPassSignature(owner: account, now: now)
        do {
            return PassSignatureResponse(signature: Base64URL.encode(try signer.sign(manifestDigest: digest, now: now)))
        } catch {
            throw MailboxError.internalError
        }
    }

    private func offered() throws(MailboxError) -> PassSigner {
        guard let signer else { throw .passSigningNotOffered }
        return signer
    }
}

// The signing bodies are HandshakeMailbox's; the server sends them as JSON responses.
extension PassSignerResponse: ResponseEncodable {}
extension PassSignatureResponse: ResponseEncodable {}
