// Establishes the flow of a pass signed elsewhere from its manifest's digest alone (docs/formats/
// wallet-pass.md, "Signed by a server"): the manifest is computed here, only its SHA-256 goes to the signer,
// and the signature that comes back is packed with the pass. What it does not do: reach the signer; the
// caller's closure does (HandshakeMailbox's `MailboxClient.signPassManifest(sha256:)` for a mailbox server).
import Crypto

extension PassPackage {
    /// The `.pkpass` of `pass`, its manifest signed by `signDigest` from the manifest's SHA-256 alone.
    /// - Throws: ``WalletPassError`` when the pass cannot be written; whatever `signDigest` throws.
    public static func pkpass(_ pass: WalletPass, signingDigestWith signDigest: (_ manifestSHA256: [UInt8]) async throws -> [UInt8])
        async throws -> [UInt8]
    {
        let manifest = try manifest(for: pass)
        let signature = try await signDigest(Array(SHA256.hash(data: manifest)))
        return try pkpass(pass, manifest: manifest, signature: signature)
    }
}
