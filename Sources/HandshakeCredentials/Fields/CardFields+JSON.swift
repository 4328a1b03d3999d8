// Establishes how contact fields are read from a JSON object (a credential's `credentialSubject`, a
// plaintext envelope's card): the field names of docs/formats/card.md, absent lists empty, every other
// member ignored (a subject also holds `id` and `handshakeCard`). Limits on sizes are the card's business
// (CardValidation), not this reading's.
import HandshakeCore

extension CardFields {
    /// The fields in `object`.
    init(json object: JSONObject) throws(JSONShapeError) {
        var links: [SocialLink] = []
        for link in try object.objects("links") ?? [] {
            links.append(SocialLink(platform: try link.requiredString("platform"), handle: try link.string("handle"), url: try link.string("url")))
        }
        self.init(
            name: try object.string("name"), bio: try object.string("bio"), location: try object.string("location"),
            company: try object.string("company"), title: try object.string("title"),
            emails: try object.strings("emails") ?? [], phones: try object.strings("phones") ?? [], links: links,
            skills: try object.strings("skills") ?? [])
    }
}
