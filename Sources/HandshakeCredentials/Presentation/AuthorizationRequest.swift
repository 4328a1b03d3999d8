// Establishes when a wallet answers an OpenID4VP 1.0 authorization request, and what it then knows: who asks
// (client_id), where the answer goes (response_uri, direct_post only), the nonce and state to bind it to, and
// the DCQL query with what it asks of a Handshake card. Everything Handshake cannot answer is refused here,
// before the person is asked anything: another response type or mode, no nonce, a verifier Handshake cannot
// check, an answer address that is not https, transaction data, a query no card can satisfy.
// What it does not establish: that the verifier is who a person thinks it is. For a `redirect_uri:` verifier,
// the wallet knows only the address the answer goes to (shown to the person); for a did:key verifier, only
// that the key signed the request.
import Foundation
import HandshakeCore

/// An OpenID4VP authorization request the wallet can answer, checked.
///
/// ```swift
/// if let reference = try AuthorizationRequest.reference(in: scanned) {
///     let jwt = try await fetch(reference.requestURI)  // the caller's I/O
///     request = try await AuthorizationRequest(requestObject: jwt, reference: reference, now: .now)
/// } else {
///     request = try await AuthorizationRequest(url: scanned, now: .now)
/// }
/// ```
public struct AuthorizationRequest: Sendable, Hashable {
    /// The verifier.
    public let clientID: ClientIdentifier
    /// The verifier's nonce: every presentation carries it, so none can be replayed into another request.
    public let nonce: String
    /// The verifier's `state`, returned with the answer, when given.
    public let state: String?
    /// Where the answer is posted (`direct_post`).
    public let responseURI: URL
    /// The query.
    @_spi(Wire) public let query: DCQLQuery
    /// What the query asks of a Handshake card, in the query's order.
    public let credentialRequests: [CredentialRequest]
    /// Whether the request came in a request object signed by the verifier's key.
    public let isSigned: Bool

    /// The longest request link read.
    public static let maxURLBytes = 16 * 1024
    /// The longest request object read.
    @_spi(Wire) public static let maxRequestObjectBytes = 64 * 1024
    /// The longest nonce or state read.
    @_spi(Wire) public static let maxNonceBytes = 512
    /// The only `typ` a request object may have (§5).
    @_spi(Wire) public static let requestObjectType = "oauth-authz-req+jwt"

    /// The request object to fetch, when the link in `text` is a request by reference (`request_uri`);
    /// `nil` when the request is in the link itself. The `client_id` is checked first, so nothing is fetched
    /// for a verifier Handshake would refuse anyway.
    @_spi(Wire) public static func reference(in text: String) throws(AuthorizationRequestError) -> RequestReference? {
        let parameters = try RequestParameters(url: text)
        guard let uri = try parameters.string("request_uri") else { return nil }
        guard try parameters.string("request") == nil else {
            throw .malformedParameter(name: "request_uri", detail: "a request can't carry both request and request_uri")
        }
        guard let clientIDText = try parameters.string("client_id") else { throw .missingParameter("client_id") }
        let client = try ClientIdentifier(clientIDText)
        guard let url = URL(string: uri), ClientIdentifier.isAllowedResponseURL(url) else { throw .insecureResponseURI(uri) }
        let method = try parameters.string("request_uri_method") ?? "get"
        guard method == "get" || method == "post" else { throw .invalidRequestURIMethod(method) }
        return RequestReference(clientID: clientIDText, client: client, requestURI: url, method: method)
    }

    /// The request in the link `text`: by value (its parameters in the query), or a request object in its
    /// `request` parameter.
    /// - Throws: `AuthorizationRequestError.byReference` when it holds a `request_uri`: use
    ///   `reference(in:)` and `init(requestObject:reference:now:)`.
    @_spi(Wire) public init(url text: String, now: Date) async throws(AuthorizationRequestError) {
        let parameters = try RequestParameters(url: text)
        guard try parameters.string("request_uri") == nil else { throw .byReference }
        if let object = try parameters.string("request") {
            guard let clientID = try parameters.string("client_id") else { throw .missingParameter("client_id") }
            try await self.init(requestObject: object, expectedClientID: clientID, now: now)
            return
        }
        guard let clientID = try parameters.string("client_id") else { throw .missingParameter("client_id") }
        try self.init(parameters: parameters, clientID: try ClientIdentifier(clientID), signed: false)
    }

    /// Checks every parameter a request must have, whichever way it came.
    init(parameters: RequestParameters, clientID: ClientIdentifier, signed: Bool) throws(AuthorizationRequestError) {
        if case .decentralizedIdentifier = clientID, !signed { throw .requestMustBeSigned }
        guard let responseType = try parameters.string("response_type") else { throw .missingParameter("response_type") }
        guard responseType == "vp_token" else { throw .unsupportedResponseType(responseType) }
        let mode = try parameters.string("response_mode")
        guard mode == "direct_post" else { throw .unsupportedResponseMode(mode) }
        guard parameters.values["redirect_uri"] == nil else { throw .redirectURIWithDirectPost }
        guard parameters.values["transaction_data"] == nil else { throw .transactionDataNotSupported }
        if let method = try parameters.string("request_uri_method"), method != "get", method != "post" {
            throw .invalidRequestURIMethod(method)
        }

        let responseURI: URL
        if let given = try parameters.string("response_uri") {
            guard let url = URL(string: given), ClientIdentifier.isAllowedResponseURL(url) else { throw .insecureResponseURI(given) }
            responseURI = url
        } else if case .redirectURI(let url) = clientID {
            responseURI = url  // §5.9.3: a redirect_uri: verifier may leave response_uri out
        } else {
            throw .missingParameter("response_uri")
        }
        if case .redirectURI(let url) = clientID, url != responseURI {
            throw .responseURIMismatch(responseURI: responseURI.absoluteString, clientID: clientID.description)
        }

        guard let nonce = try parameters.string("nonce"), !nonce.isEmpty else { throw .missingNonce }
        guard nonce.utf8.count <= Self.maxNonceBytes else { throw .tooLarge(what: "nonce", bytes: nonce.utf8.count, limit: Self.maxNonceBytes) }
        guard RequestParameters.isURLSafe(nonce) else { throw .invalidNonceOrState("nonce") }
        let state = try parameters.string("state")
        if let state {
            guard state.utf8.count <= Self.maxNonceBytes else { throw .tooLarge(what: "state", bytes: state.utf8.count, limit: Self.maxNonceBytes) }
            guard RequestParameters.isURLSafe(state) else { throw .invalidNonceOrState("state") }
        }

        try Self.checkFormats(try parameters.json("client_metadata", limit: Self.maxClientMetadataBytes))

        let scope = try parameters.string("scope")
        guard let queryValue = try parameters.json("dcql_query", limit: DCQLQuery.maxBytes) else {
            if let scope { throw .scopeNotSupported(scope) }
            throw .noDCQLQuery
        }
        guard scope == nil else { throw .queryAndScope }
        let query = try DCQLQuery(value: queryValue)

        self.clientID = clientID
        self.nonce = nonce
        self.state = state
        self.responseURI = responseURI
        self.query = query
        self.credentialRequests = try query.cardRequests()
        self.isSigned = signed
    }

    /// The longest `client_metadata` read (bytes of JSON).
    @_spi(Wire) public static let maxClientMetadataBytes = 16 * 1024

    /// Refuses a verifier whose metadata (§11.1 `vp_formats_supported`, §B.1.3.1.3 `alg_values`) says it
    /// would not accept the presentation Handshake makes; any other metadata is ignored, as §5.1 requires.
    static func checkFormats(_ metadata: JSONValue?) throws(AuthorizationRequestError) {
        guard let metadata else { return }
        guard let object = metadata.object else {
            throw .malformedParameter(name: "client_metadata", detail: "it is not a JSON object")
        }
        guard let formats = object["vp_formats_supported"]?.object else { return }
        guard let ours = formats[CredentialRequest.format] else {
            throw .formatNotAccepted("it lists only " + UntrustedText.inline(formats.keys.sorted().joined(separator: ", "), limit: 120))
        }
        if let algorithms = ours.object?["alg_values"]?.array {
            let names = algorithms.compactMap(\.string)
            guard names.contains(VCJWTAlgorithm.eddsa.rawValue) else {
                throw .formatNotAccepted("it accepts the algorithms " + UntrustedText.inline(names.joined(separator: ", "), limit: 120))
            }
        }
    }

    /// Every claim the request asks for, whichever alternatives are chosen.
    public var askedClaims: Set<PresentableClaim> {
        credentialRequests.reduce(into: []) { $0.formUnion($1.askedClaims) }
    }
}
