// Establishes what a card credential's `@context` may say (docs/formats/vc-jwt.md §4.4): it starts with
// its data model's URL (1.1 and 2.0 alike), and an inline context after it may not change what the terms a
// reader shows mean: each term of the card (HandshakeCardContext) keeps its IRI, the terms the data model's
// own context protects are not redefined, and no `@vocab`, `@base` or `@import` re-points the terms left
// undefined. Without this, a JSON-LD reader of the same signed credential could take its "name" for something
// else than what Handshake shows as the name. What it does not do: fetch a context named by URL (nothing is
// ever fetched), so a remote context after the first is taken on its word, as JWT verifiers do.
import HandshakeCore

enum CredentialContext {
    /// The terms the data models' contexts define and protect (`@protected`) that a card credential could be
    /// made to mean something else by, with the IRI a definition may repeat (JSON-LD 1.1 allows a protected
    /// term to be defined again identically), or `nil` when only keywords define it.
    static let protectedTerms: [String: String?] = [
        "id": nil, "type": nil, "name": "https://schema.org/name", "description": "https://schema.org/description",
        "VerifiableCredential": nil, "VerifiablePresentation": nil, "credentialSchema": nil, "credentialStatus": nil,
        "credentialSubject": nil, "evidence": nil, "issuer": nil, "proof": nil, "refreshService": nil, "termsOfUse": nil,
        "validFrom": nil, "validUntil": nil, "issuanceDate": nil, "expirationDate": nil, "holder": nil, "verifiableCredential": nil,
        "relatedResource": nil, "renderMethod": nil, "digestMultibase": nil, "digestSRI": nil, "mediaType": nil,
    ]

    /// Keywords that change the meaning of terms an inline context does not define.
    static let repointingKeywords: Set<String> = ["@vocab", "@base", "@import"]

    /// The IRI each card term must keep (HandshakeCardContext's table).
    static let cardTerms: [String: String] = Dictionary(uniqueKeysWithValues: HandshakeCardContext.definitions.map { ($0.term, $0.iri) })

    /// Checks `entries` (a credential's `@context`, read as a list) for `model`; `path` names it in the refusal.
    static func check(_ entries: [JSONValue], model: VCDataModel, path: String) throws(JSONShapeError) {
        guard case .string(model.contextURL)? = entries.first else {
            throw JSONShapeError(path: path, expected: "a list starting with \(model.contextURL) (VC Data Model \(model.rawValue))")
        }
        for entry in entries.dropFirst() {
            guard case .object(let definitions) = entry else { continue }
            for (term, definition) in definitions.sorted(by: { $0.key < $1.key }) {
                if repointingKeywords.contains(term) {
                    throw JSONShapeError(path: path, expected: "contexts without \(term), which would change what the card's terms mean")
                }
                // The IRI the term may be defined as again; nil when it may not be defined at all.
                let allowed: String?
                if let card = cardTerms[term] {
                    allowed = card
                } else if let protected = protectedTerms[term] {
                    allowed = protected
                } else {
                    continue
                }
                guard let allowed, iri(of: definition) == allowed else {
                    let meaning = allowed.map { "meaning \($0)" } ?? "as the data model defines it"
                    throw JSONShapeError(path: path, expected: "contexts that leave \(UntrustedText.quoted(term, limit: 40)) \(meaning)")
                }
            }
        }
    }

    /// The IRI a term definition maps to: the string itself, or an object's `@id` when nothing else in the
    /// object but `@container: @set` changes the term.
    static func iri(of definition: JSONValue) -> String? {
        switch definition {
        case .string(let iri): return iri
        case .object(let members):
            guard case .string(let iri)? = members["@id"] else { return nil }
            for (key, value) in members where key != "@id" {
                guard key == "@container", case .string("@set") = value else { return nil }
            }
            return iri
        default: return nil
        }
    }
}
