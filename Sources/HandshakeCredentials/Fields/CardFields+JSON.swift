// Establishes how contact fields are read from a JSON object (a credential's `credentialSubject`, a
// plaintext envelope's card): the members the field table names as credential claims, each read by its kind;
// absent lists are empty, and every other member is ignored (a subject also holds `id` and `handshakeCard`;
// an avatar is never taken from a credential). Limits on sizes are the card's business
// (`CardFields.validate()`), not this reading's.
import HandshakeCore

extension CardFields {
    /// The fields in `object`.
    init(json object: JSONObject) throws(JSONShapeError) {
        self.init()
        for field in CardField.allCases where field.isCredentialClaim {
            let name = field.rawValue
            switch field.kind {
            case .text: self[field] = try object.string(name).map(CardFieldValue.text)
            case .list: self[field] = .list(try object.strings(name) ?? [])
            case .links:
                var links: [SocialLink] = []
                for link in try object.objects(name) ?? [] {
                    links.append(SocialLink(platform: try link.requiredString("platform"), handle: try link.string("handle"), url: try link.string("url")))
                }
                self[field] = .links(links)
            case .image: continue
            }
        }
    }
}
