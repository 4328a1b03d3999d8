import Foundation
import HandshakeCore

/// Wallet passes signed by the server from a manifest's digest alone (docs/formats/wallet-pass.md, "Signed
/// by a server"): the card never leaves the device.
extension MailboxClient {
    /// What the server's Pass Type ID certificate signs for: pass.json must name them before the manifest
    /// (and so its digest) can be computed.
    /// - Throws: ``MailboxError/passSigningNotOffered`` as ``MailboxClientError/refused(_:owner:)``.
    public func passSigner() async throws(MailboxClientError) -> PassSignerDescription {
        let response: PassSignerResponse = try await call("GET", MailboxPath.passSigner)
        return PassSignerDescription(passTypeIdentifier: response.passTypeIdentifier, teamIdentifier: response.teamIdentifier)
    }

    /// The server's detached CMS signature (DER) over the manifest whose SHA-256 is `manifestDigest`.
    /// - Throws: ``MailboxError/passSigningRateLimited(retryAfter:)`` past the hourly limit.
    public func signPassManifest(sha256 manifestDigest: [UInt8]) async throws(MailboxClientError) -> [UInt8] {
        guard manifestDigest.count == 32 else { throw .refused(.badRequest("the manifest's digest must be 32 bytes (SHA-256)."), owner: nil) }
        let response: PassSignatureResponse
        do throws(MailboxClientError) {
            response = try await call("POST", MailboxPath.passSignature, json: PassSignatureBody(manifestSha256: Base64URL.encode(manifestDigest)))
        } catch .refused(.rateLimited(let seconds), _) {
            // The one code `rate_limited` names both hourly limits; this call can only meet the pass limit.
            throw .refused(.passSigningRateLimited(retryAfter: seconds), owner: nil)
        }
        guard let signature = Base64URL.decode(response.signature), !signature.isEmpty else {
            throw .unexpectedAnswer("the signature is not base64url.")
        }
        return signature
    }
}

/// The pass type and team a server signs for.
public struct PassSignerDescription: Sendable, Equatable {
    /// The pass type identifier (`pass.…`), from the certificate's UID.
    public let passTypeIdentifier: String?
    /// The team identifier, from the certificate's OU.
    public let teamIdentifier: String?
}
