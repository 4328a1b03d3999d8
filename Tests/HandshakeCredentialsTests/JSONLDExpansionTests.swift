import Foundation
import HandshakeCore
import HandshakeTestSupport
import Testing

@testable import HandshakeCredentials

/// A verifier that processes credentials as JSON-LD (pyld, with the VC Data Model 1.1 or 2.0 context and
/// nothing fetched) keeps every field of our card credential: the inline terms map each to an IRI.
struct JSONLDExpansionTests {
    /// A card with every field a credential carries.
    static func fullCard() throws -> SignedCard {
        let identity = Fixture.identity
        let card = ContactCard(
            sigKey: identity.sigKey, encKey: identity.encKey, updatedAt: Fixture.updatedAt,
            fields: CardFields(
                name: "Ada Lovelace", bio: "Wrote the first program.", location: "London", company: "Analytical Engines Ltd",
                title: "Chief Programmer", emails: ["ada@example.com"], phones: ["+44 20 7946 0018"],
                links: [SocialLink(platform: "github", handle: "ada", url: "https://github.com/ada")], skills: ["mathematics"]))
        return try CardProfile(card: card, sharedFields: Set(CardField.allCases), identity: identity).issueCard(identity: identity)
    }

    /// In both data models: 2.0's context is `@protected` (its `name` among them), and the inline terms must
    /// not redefine a protected term differently, or the processor refuses the whole credential.
    @Test(arguments: VCDataModel.allCases)
    func everySubjectFieldSurvivesExpansion(_ dataModel: VCDataModel) async throws {
        let signed = try Self.fullCard()
        let token = try VCJWTIssuer.issue(signed, identity: Fixture.identity, now: Fixture.issuedAt, dataModel: dataModel)
        let result = try await python.run("jsonld_expand.py", ["token": token])
        #expect(result["types"] as? [String] == ["https://www.w3.org/2018/credentials#VerifiableCredential", "urn:handshake:card#HandshakeContactCard"])
        let subject = try #require(result["subject"] as? [String: Any])
        let expected = [
            "https://schema.org/name", "https://schema.org/worksFor", "https://schema.org/jobTitle", "https://schema.org/description",
            "https://schema.org/email", "https://schema.org/telephone", "urn:handshake:card#links", "https://schema.org/knowsAbout",
            "https://schema.org/address", "urn:handshake:card#handshakeCard",
        ]
        #expect(Set(subject.keys) == Set(expected), "dropped: \(Set(expected).subtracting(subject.keys)), extra: \(Set(subject.keys).subtracting(expected))")
        let names = try #require(subject["https://schema.org/name"] as? [[String: Any]])
        #expect(names.first?["@value"] as? String == "Ada Lovelace")
        let link = try #require((subject["urn:handshake:card#links"] as? [[String: Any]])?.first)
        #expect(link["https://schema.org/url"] != nil && link["urn:handshake:card#platform"] != nil, "\(link)")
    }

    @Test func theTermsCoverEveryFieldACredentialWrites() throws {
        let written = Set(CardField.allCases.map(\.rawValue)).subtracting(["avatar"]).union(["handshakeCard"])
        let defined = Set(HandshakeCardContext.definitions.map(\.term))
        #expect(written.isSubset(of: defined), "undefined: \(written.subtracting(defined))")
    }
}
