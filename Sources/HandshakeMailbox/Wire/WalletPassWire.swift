import Foundation

/// The JSON bodies of Wallet-pass signing by the server (docs/formats/wallet-pass.md, "Signed by a server").

/// `GET /v1/wallet-pass/signer`: what the server's certificate signs for.
package struct PassSignerResponse: Codable, Sendable {
    package let passTypeIdentifier: String?
    package let teamIdentifier: String?

    package init(passTypeIdentifier: String?, teamIdentifier: String?) {
        self.passTypeIdentifier = passTypeIdentifier
        self.teamIdentifier = teamIdentifier
    }
}

/// `POST /v1/wallet-pass/signature`: the manifest's digest, and nothing of the card.
package struct PassSignatureBody: Codable, Sendable {
    package let manifestSha256: String

    package init(manifestSha256: String) { self.manifestSha256 = manifestSha256 }
}

/// The detached CMS signature (DER, base64url), to be stored as the pass's `signature` file.
package struct PassSignatureResponse: Codable, Sendable {
    package let signature: String

    package init(signature: String) { self.signature = signature }
}
