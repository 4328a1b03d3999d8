import Crypto
import Foundation
import HandshakeCore
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeCredentials

/// What a wallet refuses in an authorization request, each with its own error and sentence, and the request
/// objects it accepts.
@Suite("OpenID4VP authorization requests")
struct AuthorizationRequestTests {
    static func refusal(_ link: String) async -> AuthorizationRequestError? {
        do {
            _ = try await AuthorizationRequest(url: link, now: OID4VP.now)
            return nil
        } catch {
            return error
        }
    }

    @Test func aRequestByValueIsRead() async throws {
        let request = try await OID4VP.request()
        #expect(request.clientID == .redirectURI(URL(string: OID4VP.responseURI)!))
        #expect(request.clientID.description == OID4VP.clientID)
        #expect(request.clientID.displayName == "verifier.example")
        #expect(request.nonce == OID4VP.nonce && request.state == OID4VP.state)
        #expect(request.responseURI.absoluteString == OID4VP.responseURI)
        #expect(!request.isSigned)
        #expect(try AuthorizationRequest.reference(in: OID4VP.link()) == nil)
        // The scan router recognises the same link as a presentation request.
        let routed = try await ScanRouter().read(Array(OID4VP.link().utf8), now: OID4VP.now)
        #expect(routed.route.name == "presentation-request")
    }

    @Test(arguments: [
        (OID4VP.link(nonce: nil), AuthorizationRequestError.missingNonce),
        (OID4VP.link(nonce: "has space"), .invalidNonceOrState("nonce")),
        (OID4VP.link(responseMode: nil), .unsupportedResponseMode(nil)),
        (OID4VP.link(responseMode: "direct_post.jwt"), .unsupportedResponseMode("direct_post.jwt")),
        (OID4VP.link(responseMode: "fragment"), .unsupportedResponseMode("fragment")),
        (OID4VP.link(clientID: "example-client"), .preRegisteredClient("example-client")),
        (OID4VP.link(clientID: "x509_san_dns:verifier.example"), .unsupportedClientIDPrefix("x509_san_dns")),
        (OID4VP.link(clientID: "origin:https://verifier.example"), .unsupportedClientIDPrefix("origin")),
        (OID4VP.link(clientID: "https://verifier.example"), .unknownClientIDPrefix("https")),
        (OID4VP.link(clientID: "decentralized_identifier:did:web:verifier.example"), .unresolvableDID("did:web:verifier.example")),
        (OID4VP.link(clientID: "redirect_uri:https://elsewhere.example/cb"),
         .responseURIMismatch(responseURI: OID4VP.responseURI, clientID: "redirect_uri:https://elsewhere.example/cb")),
        (OID4VP.link(extra: ["transaction_data": "[\"e30\"]"]), .transactionDataNotSupported),
        (OID4VP.link(extra: ["client_metadata": "{\"vp_formats_supported\":{\"dc+sd-jwt\":{}}}"]), .formatNotAccepted("it lists only dc+sd-jwt")),
        (OID4VP.link(extra: ["client_metadata": "{\"vp_formats_supported\":{\"jwt_vc_json\":{\"alg_values\":[\"ES256\"]}}}"]),
         .formatNotAccepted("it accepts the algorithms ES256")),
        (OID4VP.link(extra: ["redirect_uri": "https://verifier.example/cb"]), .redirectURIWithDirectPost),
        (OID4VP.link(extra: ["scope": "com.example.card"]), .queryAndScope),
        (OID4VP.link(query: "{\"credentials\":[]}"), .invalidDCQL("\"credentials\" must be a non-empty array")),
        (OID4VP.link(query: "{\"credentials\":[{\"id\":\"a b\",\"format\":\"jwt_vc_json\"}]}"),
         .invalidDCQL("each credential query needs an \"id\" of letters, digits, \"_\" and \"-\"")),
        (OID4VP.link(query: "{\"credentials\":[{\"id\":\"m\",\"format\":\"mso_mdoc\",\"meta\":{}}]}"),
         .cannotAnswer(queryID: "m", reason: "it asks for the format \"mso_mdoc\", and a Handshake card is a jwt_vc_json credential")),
        (OID4VP.link(query: OID4VP.query(claims: ["birthdate"])),
         .cannotAnswer(queryID: "card", reason: "it asks for the claim [\"credentialSubject\",\"birthdate\"], which a Handshake card does not have")),
    ])
    func refusedRequests(link: String, expected: AuthorizationRequestError) async {
        let error = await Self.refusal(link)
        #expect(error == expected)
        #expect(error?.localizedDescription.hasSuffix(".") == true)
    }

    @Test func verifierMetadataThatAcceptsEdDSAIsFine() async throws {
        let metadata = "{\"vp_formats_supported\":{\"jwt_vc_json\":{\"alg_values\":[\"ES256\",\"EdDSA\"]}},\"jwks\":{\"keys\":[]}}"
        _ = try await AuthorizationRequest(url: OID4VP.link(extra: ["client_metadata": metadata]), now: OID4VP.now)
        _ = try await AuthorizationRequest(url: OID4VP.link(extra: ["client_metadata": "{\"client_name\":\"x\"}"]), now: OID4VP.now)
    }

    @Test func refusalsOfShapeAndTransport() async throws {
        // A plain-http answer address on the network, a repeated parameter, no query, and only a scope.
        var insecure = URLComponents(string: OID4VP.link(clientID: "decentralized_identifier:" + Fixture.other.didKey.description))!
        insecure.queryItems = insecure.queryItems?.map { $0.name == "response_uri" ? URLQueryItem(name: "response_uri", value: "http://verifier.example/r") : $0 }
        #expect(await Self.refusal(insecure.url!.absoluteString) == .requestMustBeSigned)
        #expect(await Self.refusal(OID4VP.link() + "&nonce=again") == .repeatedParameter("nonce"))
        #expect(await Self.refusal("openid4vp://") == .notARequest)
        var scopeOnly = URLComponents(string: OID4VP.link())!
        scopeOnly.queryItems = (scopeOnly.queryItems ?? []).filter { $0.name != "dcql_query" } + [URLQueryItem(name: "scope", value: "card")]
        #expect(await Self.refusal(scopeOnly.url!.absoluteString) == .scopeNotSupported("card"))
        let huge = OID4VP.link() + "&x=" + String(repeating: "a", count: AuthorizationRequest.maxURLBytes)
        if case .tooLarge? = await Self.refusal(huge) {} else { Issue.record("an oversized link was read") }
        // A loopback http address is allowed (a verifier under test on this machine), a network one is not.
        #expect(ClientIdentifier.isAllowedResponseURL(URL(string: "http://127.0.0.1:8080/r")!))
        #expect(!ClientIdentifier.isAllowedResponseURL(URL(string: "http://verifier.example/r")!))
    }

    // MARK: request objects

    static let verifierKey = try! Curve25519.Signing.PrivateKey(rawRepresentation: Data(repeating: 7, count: 32))
    static var verifierDID: String { Forge.Key.ed25519(verifierKey).did }
    static var didClientID: String { "decentralized_identifier:" + verifierDID }

    static func requestClaims(clientID: String = didClientID) -> [String: Any] {
        [
            "client_id": clientID, "response_type": "vp_token", "response_mode": "direct_post",
            "response_uri": OID4VP.responseURI, "nonce": OID4VP.nonce, "state": OID4VP.state,
            "dcql_query": try! JSONSerialization.jsonObject(with: Data(OID4VP.query().utf8)), "aud": "https://self-issued.me/v2",
            "iss": "ignored", "exp": Int(OID4VP.now.timeIntervalSince1970) + 600,
        ]
    }

    static func header(alg: String = "EdDSA", typ: String? = "oauth-authz-req+jwt", kid: String? = verifierDID + "#" + verifierDID.dropFirst(8)) -> [String: Any] {
        var header: [String: Any] = ["alg": alg]
        if let typ { header["typ"] = typ }
        if let kid { header["kid"] = kid }
        return header
    }

    static func read(_ jwt: String, outer: String = didClientID) async -> Result<AuthorizationRequest, AuthorizationRequestError> {
        let reference = RequestReference(
            clientID: outer, client: try! ClientIdentifier(outer), requestURI: URL(string: "https://verifier.example/request/1")!, method: "get")
        do {
            return .success(try await AuthorizationRequest(requestObject: jwt, reference: reference, now: OID4VP.now))
        } catch {
            return .failure(error)
        }
    }

    @Test func aSignedRequestObjectFromADIDKeyVerifierIsRead() async throws {
        let jwt = Forge.token(header: Self.header(), claims: Self.requestClaims(), key: .ed25519(Self.verifierKey))
        let request = try await Self.read(jwt).get()
        #expect(request.isSigned)
        #expect(request.clientID.description == Self.didClientID)
        // The link that points at it.
        let link = "openid4vp://?client_id=\(Self.didClientID)&request_uri=https%3A%2F%2Fverifier.example%2Frequest%2F1"
        let reference = try #require(try AuthorizationRequest.reference(in: link))
        #expect(reference.requestURI.absoluteString == "https://verifier.example/request/1" && reference.method == "get")
        // ES256 from a P-256 did:key verifier.
        let p256 = P256.Signing.PrivateKey()
        let p256Client = "decentralized_identifier:" + Forge.Key.p256(p256).did
        let es256 = Forge.token(
            header: ["alg": "ES256", "typ": "oauth-authz-req+jwt"], claims: Self.requestClaims(clientID: p256Client), key: .p256(p256))
        #expect(try await Self.read(es256, outer: p256Client).get().isSigned)
    }

    @Test func anUnsignedRequestObjectFromARedirectURIVerifierIsRead() async throws {
        let jwt = Forge.token(header: Self.header(alg: "none", kid: nil), claims: Self.requestClaims(clientID: OID4VP.clientID), key: .none)
        let request = try await Self.read(jwt, outer: OID4VP.clientID).get()
        #expect(!request.isSigned)
        let signed = Forge.token(header: Self.header(kid: nil), claims: Self.requestClaims(clientID: OID4VP.clientID), key: .ed25519(Self.verifierKey))
        #expect(await Self.read(signed, outer: OID4VP.clientID) == .failure(.requestObjectSignedByRedirectURI))
    }

    @Test func forgedRequestObjectsAreRefused() async throws {
        let claims = Self.requestClaims()
        let key = Forge.Key.ed25519(Self.verifierKey)
        let publicKey = Array(Self.verifierKey.publicKey.rawRepresentation)
        let cases: [(String, AuthorizationRequestError)] = [
            (Forge.token(header: Self.header(alg: "none"), claims: claims, key: .none), .requestObjectUnsigned),
            (Forge.token(header: Self.header(alg: "HS256"), claims: claims, key: .hmac(publicKey)), .requestObjectSharedSecret("HS256")),
            (Forge.token(header: Self.header(alg: "ES256"), claims: claims, key: key), .requestObjectAlgorithm("ES256")),
            (Forge.token(header: Self.header(typ: "JWT"), claims: claims, key: key), .requestObjectType("JWT")),
            (Forge.token(header: Self.header(typ: nil), claims: claims, key: key), .requestObjectType(nil)),
            (Forge.token(header: Self.header(kid: Fixture.other.didKey.description), claims: claims, key: key),
             .requestObjectKeyMismatch(Fixture.other.didKey.description)),
            (Forge.token(header: Self.header(), claims: claims, key: .ed25519(Curve25519.Signing.PrivateKey())), .requestObjectBadSignature),
            (Forge.token(header: Self.header(), claims: claims.merging(["exp": 1_000]) { $1 }, key: key),
             .requestObjectExpired(Date(timeIntervalSince1970: 1_000))),
            ("not a jwt", .requestObjectMalformed("it is not a compact JWT (three base64url parts separated by dots)")),
        ]
        for (jwt, expected) in cases {
            #expect(await Self.read(jwt) == .failure(expected))
        }
        // The request object must name the verifier the link named.
        let other = Forge.token(header: Self.header(), claims: claims, key: key)
        #expect(await Self.read(other, outer: OID4VP.clientID) == .failure(.requestObjectClientIDMismatch(outer: OID4VP.clientID, inner: Self.didClientID)))
    }
}
