// Establishes every reason an OpenID4VP authorization request is refused by the wallet, each with a sentence
// for the person holding the phone: the request is malformed, asks for something Handshake does not answer,
// or comes from a verifier Handshake cannot check. The library never names a command; the program adds that.
import Foundation
import HandshakeCore

/// Why a wallet refuses an OpenID4VP authorization request.
@_spi(Wire) public enum AuthorizationRequestError: HandshakeError, Equatable {
    /// Longer than Handshake reads; refused before decoding.
    case tooLarge(what: String, bytes: Int, limit: Int)
    /// Not an OpenID4VP request at all (no query, or not a URL).
    case notARequest
    /// The request is by reference (`request_uri`): fetch it and read the request object.
    case byReference
    /// A parameter the request must have is missing.
    case missingParameter(String)
    /// A parameter is there but unusable.
    case malformedParameter(name: String, detail: String)
    /// A parameter appears more than once.
    case repeatedParameter(String)
    /// `response_type` is not `vp_token`.
    case unsupportedResponseType(String)
    /// `response_mode` is not `direct_post` (or absent, which means `fragment`).
    case unsupportedResponseMode(String?)
    /// No `nonce`: without one a presentation could be replayed.
    case missingNonce
    /// `nonce` or `state` holds characters OpenID4VP forbids.
    case invalidNonceOrState(String)
    /// `response_uri` is not https (or http to this machine).
    case insecureResponseURI(String)
    /// `response_uri` is not the URL a `redirect_uri:` client_id names.
    case responseURIMismatch(responseURI: String, clientID: String)
    /// `redirect_uri` given with `direct_post`, which §8.2 forbids.
    case redirectURIWithDirectPost
    /// No `dcql_query`.
    case noDCQLQuery
    /// Only a `scope`, which names a query Handshake does not know.
    case scopeNotSupported(String)
    /// Both `dcql_query` and `scope`.
    case queryAndScope
    /// The DCQL query is malformed.
    case invalidDCQL(String)
    /// A required credential query is not one a Handshake card can answer.
    case cannotAnswer(queryID: String, reason: String)
    /// The verifier's `client_metadata.vp_formats_supported` accepts no jwt_vc_json presentation signed with
    /// EdDSA, the only kind Handshake makes.
    case formatNotAccepted(String)
    /// `transaction_data`, which a wallet must refuse when it does not support it (§5.1).
    case transactionDataNotSupported
    /// `request_uri_method` is neither `get` nor `post`.
    case invalidRequestURIMethod(String)
    /// `client_id` has no prefix: a pre-registered client only its own wallet knows.
    case preRegisteredClient(String)
    /// `client_id` has a prefix OpenID4VP does not define.
    case unknownClientIDPrefix(String)
    /// `client_id` has a prefix OpenID4VP defines but Handshake does not answer.
    case unsupportedClientIDPrefix(String)
    /// `decentralized_identifier:` with a DID other than did:key.
    case unresolvableDID(String)
    /// A `decentralized_identifier:` request came unsigned (by value).
    case requestMustBeSigned
    /// The request object is not a compact JWT.
    case requestObjectMalformed(String)
    /// The request object's `typ` is not `oauth-authz-req+jwt`.
    case requestObjectType(String?)
    /// The request object has `alg: none` where a signature is required.
    case requestObjectUnsigned
    /// The request object is signed with an HMAC algorithm.
    case requestObjectSharedSecret(String)
    /// The request object's algorithm is not one Handshake checks, or not one the key signs with.
    case requestObjectAlgorithm(String)
    /// The request object's `kid` names another key than the client_id's.
    case requestObjectKeyMismatch(String)
    /// The request object's signature does not verify.
    case requestObjectBadSignature
    /// A `redirect_uri:` verifier signed its request object, which no wallet can check (§5.9.3).
    case requestObjectSignedByRedirectURI
    /// The request object's `client_id` differs from the one in the link.
    case requestObjectClientIDMismatch(outer: String, inner: String)
    /// The request object has expired.
    case requestObjectExpired(Date)

    /// The sentence shown to the person.
    public var description: String {
        switch self {
        case .tooLarge(let what, let bytes, let limit):
            return "This request's \(what) is \(bytes) bytes; Handshake reads at most \(limit)."
        case .notARequest:
            return "This is not an OpenID4VP request: it has no parameters to read."
        case .byReference:
            return "This request is only a pointer (request_uri): its contents must be fetched from the verifier first."
        case .missingParameter(let name):
            return "This request has no \(name), which every OpenID4VP request needs."
        case .malformedParameter(let name, let detail):
            return "This request's \(name) can't be used: \(detail)."
        case .repeatedParameter(let name):
            return "This request gives \(UntrustedText.inline(name, limit: 64)) more than once, so it is ambiguous and was refused."
        case .unsupportedResponseType(let type):
            return "This request asks for \(UntrustedText.quoted(type, limit: 64)); Handshake answers only requests for a presentation (vp_token)."
        case .unsupportedResponseMode(let mode?):
            return "This request wants its answer by \(UntrustedText.quoted(mode, limit: 64)); Handshake sends answers only by direct_post to the verifier's address."
        case .unsupportedResponseMode(nil):
            return "This request names no response_mode, which means answering in a browser redirect; Handshake sends answers only by direct_post."
        case .missingNonce:
            return "This request has no nonce, so an answer to it could be replayed by anyone who saw it; it was refused."
        case .invalidNonceOrState(let name):
            return "This request's \(name) holds characters OpenID4VP does not allow (only letters, digits, \"-\", \".\", \"_\" and \"~\")."
        case .insecureResponseURI(let uri):
            return "This request wants the answer sent to \(UntrustedText.inline(uri, limit: 120)), which is not an https address; it was refused so your details don't travel unprotected."
        case .responseURIMismatch(let responseURI, let clientID):
            return "This request names itself \(UntrustedText.inline(clientID, limit: 120)) but wants the answer sent to \(UntrustedText.inline(responseURI, limit: 120)); the two must be the same, so it was refused."
        case .redirectURIWithDirectPost:
            return "This request gives both a redirect_uri and direct_post, which OpenID4VP forbids; it was refused."
        case .noDCQLQuery:
            return "This request does not say which credentials it wants (no dcql_query)."
        case .scopeNotSupported(let scope):
            return "This request asks by the scope \(UntrustedText.quoted(scope, limit: 64)), a query Handshake does not know; it understands dcql_query only."
        case .queryAndScope:
            return "This request gives both a dcql_query and a scope, which OpenID4VP forbids; it was refused."
        case .invalidDCQL(let detail):
            return "This request's query (dcql_query) can't be read: \(detail)."
        case .cannotAnswer(let queryID, let reason):
            return "Handshake can't answer this request's credential \"\(queryID)\": \(reason)."
        case .formatNotAccepted(let detail):
            return "This verifier does not accept what Handshake presents (a jwt_vc_json credential signed with EdDSA): \(detail)."
        case .transactionDataNotSupported:
            return "This request asks you to authorise a transaction (transaction_data), which Handshake does not do; it was refused."
        case .invalidRequestURIMethod(let method):
            return "This request's request_uri_method is \(UntrustedText.quoted(method, limit: 32)); only get and post exist."
        case .preRegisteredClient(let name):
            return "This request comes from \(UntrustedText.quoted(name, limit: 80)), a verifier only wallets that registered it in advance can check; Handshake answers verifiers that name themselves by redirect_uri: or decentralized_identifier:."
        case .unknownClientIDPrefix(let prefix):
            return "This request's verifier names itself with the prefix \(UntrustedText.quoted(prefix, limit: 64)), which OpenID4VP does not define; it was refused."
        case .unsupportedClientIDPrefix(let prefix):
            return "This request's verifier proves who it is by \(UntrustedText.inline(prefix, limit: 64)), which needs a trust list Handshake does not have; Handshake answers redirect_uri: and decentralized_identifier: (did:key) verifiers."
        case .unresolvableDID(let did):
            return "This request's verifier is \(UntrustedText.inline(did, limit: 80)), a DID Handshake cannot look up without the network; only did:key verifiers are answered."
        case .requestMustBeSigned:
            return "This request names its verifier by a DID but is not signed by it, so anyone could have written it; it was refused."
        case .requestObjectMalformed(let detail):
            return "This request's signed contents can't be read: \(detail)."
        case .requestObjectType(let typ?):
            return "This request's signed contents are of type \(UntrustedText.quoted(typ, limit: 64)), not an authorization request (oauth-authz-req+jwt); it was refused."
        case .requestObjectType(nil):
            return "This request's signed contents do not say they are an authorization request (typ oauth-authz-req+jwt); it was refused."
        case .requestObjectUnsigned:
            return "This request is not signed (its algorithm is \"none\"), but its verifier must sign it; it was refused."
        case .requestObjectSharedSecret(let alg):
            return "This request is signed with \(UntrustedText.quoted(alg, limit: 32)), a shared-secret algorithm whoever checks it could also forge; it was refused."
        case .requestObjectAlgorithm(let alg):
            return "This request is signed with \(UntrustedText.quoted(alg, limit: 32)), which does not fit its verifier's key (Handshake checks EdDSA, Ed25519 and ES256)."
        case .requestObjectKeyMismatch(let kid):
            return "This request says it was signed by \(UntrustedText.inline(kid, limit: 120)), which is not its verifier's key; it was refused."
        case .requestObjectBadSignature:
            return "This request's signature does not match its verifier's key: it was changed, or written by someone else."
        case .requestObjectSignedByRedirectURI:
            return "This request is signed, but its verifier names itself by redirect_uri:, which has no key to check a signature with; it was refused."
        case .requestObjectClientIDMismatch(let outer, let inner):
            return "This request's link names the verifier \(UntrustedText.inline(outer, limit: 80)) but its contents name \(UntrustedText.inline(inner, limit: 80)); it was refused."
        case .requestObjectExpired(let date):
            return "This request expired on \(date.formatted(.iso8601)); ask the verifier for a new one."
        }
    }
}
