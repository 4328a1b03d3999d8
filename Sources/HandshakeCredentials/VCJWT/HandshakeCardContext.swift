// Establishes the JSON-LD terms of a card credential (docs/formats/vc-jwt.md §2.1): each field name of
// `credentialSubject`, and the type `HandshakeContactCard`, mapped to an IRI, schema.org's where one fits.
// The fields' IRIs are the field table's (`CardField.linkedDataIRI`).
// The VC Data Model 1.1 context defines none of them, so without these a JSON-LD processor (an LD-signing
// verifier) drops the whole subject. They are written inline in `@context`, so nothing is ever fetched.
// A JWT-only verifier ignores them; the signature covers them like any other claim.

@_spi(Wire) import HandshakeCore

/// The inline JSON-LD context of a Handshake card credential.
enum HandshakeCardContext {
    /// The vocabulary of Handshake's own terms.
    static let vocabulary = "urn:handshake:card#"

    /// Each term and the IRI it stands for (a list value: `@container: @set`).
    static let definitions: [(term: String, iri: String, list: Bool)] =
        [("HandshakeContactCard", vocabulary + "HandshakeContactCard", false)]
        + CardField.allCases.compactMap { field in
            field.linkedDataIRI.map { iri -> (term: String, iri: String, list: Bool) in
                switch field.kind {
                case .text, .image: (field.rawValue, iri, false)
                case .list, .links: (field.rawValue, iri, true)
                }
            }
        }
        + [
            ("platform", vocabulary + "platform", false),
            ("handle", vocabulary + "handle", false),
            ("url", "https://schema.org/url", false),
            ("handshakeCard", vocabulary + "handshakeCard", false),
        ]

    /// The terms as the inline context object written into `@context`.
    static let terms: JSONValue = .object(
        Dictionary(uniqueKeysWithValues: definitions.map { definition in
            (definition.term, definition.list
                ? .object(["@id": .string(definition.iri), "@container": .string("@set")]) : .string(definition.iri))
        }))
}
