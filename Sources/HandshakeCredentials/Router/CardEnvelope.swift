// Establishes the JSON card envelope (Solidarity's sharing formats): `{"format": …}` with the card in plain
// fields (`plaintext`), as a VC-JWT (`didSigned`), or as a zero-knowledge proof (`zkProof`). The envelope
// itself proves nothing: its status comes only from the signature a `didSigned` one carries.

import HandshakeCore

/// A JSON card envelope, read for its shape; see docs/formats/scan-router.md.
struct CardEnvelope {
    enum Content {
        /// `plaintext`: fields nobody signed.
        case plaintext(CardFields)
        /// `didSigned`: a VC-JWT, to be verified.
        case didSigned(jwt: String)
        /// `zkProof`: recognised, not supported.
        case zeroKnowledgeProof
    }

    let content: Content

    /// Keys that claim a plaintext envelope was checked by someone: such a claim is refused, never believed.
    static let verificationClaims = ["verified", "signature", "proof", "jwt", "status"]

    /// The envelope in `json`.
    init(json: [UInt8]) throws(ScanError) {
        let object: JSONObject
        do {
            object = try JSONObject(try JSONReader.read(json))
        } catch let error as JSONReadError {
            throw .envelope("This looks like a card envelope, but it is not valid JSON (\(error.description)).")
        } catch {
            throw .envelope("This looks like a card envelope, but it is not a JSON object.")
        }
        guard let format = object["format"]?.string else {
            throw .envelope("This JSON has no \"format\", so it is not a card envelope Handshake knows.")
        }
        switch format {
        case "plaintext":
            // Any such member refuses it, even `null`: the claim is in the naming.
            if let claim = Self.verificationClaims.first(where: { object.members[$0] != nil }) {
                throw .envelope("This plaintext card claims to be verified (it has \"\(claim)\"), but a plaintext card carries no signature anyone can check; it was refused rather than shown as something it is not.")
            }
            guard let card = try? object.object("card") ?? object.requiredObject("data"), let fields = try? CardFields(json: card)
            else { throw .envelope("This plaintext card envelope has no readable \"card\" object.") }
            guard !fields.isEmpty else { throw .envelope("This plaintext card envelope holds no contact details.") }
            do { try fields.validate() } catch {
                throw .envelope("This plaintext card holds text a contact card may not hold, so it was refused: \(error.description)")
            }
            content = .plaintext(fields)
        case "didSigned":
            guard let jwt = (object["jwt"] ?? object["credential"] ?? object["data"])?.string else {
                throw .envelope("This DID-signed card envelope has no \"jwt\" holding the signed credential.")
            }
            content = .didSigned(jwt: jwt)
        case "zkProof":
            content = .zeroKnowledgeProof
        default:
            throw .envelope("This card envelope has the format \(UntrustedText.quoted(format, limit: 40)), which Handshake does not know (it knows plaintext, didSigned and zkProof).")
        }
    }
}
