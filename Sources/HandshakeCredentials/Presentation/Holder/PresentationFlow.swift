// Establishes the holder's side of OpenID4VP as a flow an app runs (docs/protocols/openid4vp.md): the request
// read from a scanned link (fetching its request object when the link names a `request_uri`), the answer
// posted to the verifier (`direct_post`), and a decline (`access_denied`), each over a bounded exchange: at
// most `AuthorizationRequest.maxRequestObjectBytes` read, 20 s, no redirect followed (§14.8). It does not ask
// the person (the app shows the request and its `askedClaims`, then calls `answer` or `decline`), and it
// checks nothing of the request itself: `AuthorizationRequest` does.
import Foundation
import HandshakeCore

/// The holder's OpenID4VP flow: read a request, answer it, or decline it.
///
/// ```swift
/// let flow = PresentationFlow()
/// let request = try await flow.request(from: scannedText, now: Date())
/// // show request.clientID.displayName and request.askedClaims; the person chooses what to send
/// let answer = try PresentationAnswer(request: request, identity: identity, card: card, allowed: allowed, now: Date())
/// let reply = try await flow.send(answer)
/// ```
public struct PresentationFlow: Sendable {
    /// How long one exchange with a verifier may take.
    public var timeout: Duration = .seconds(20)
    /// The most read from a verifier: a request object, or the reply to an answer.
    public var maxResponseBytes = AuthorizationRequest.maxRequestObjectBytes
    /// The clock an exchange's deadline runs on (a test ends it when it chooses).
    package var deadlineSleep: DeadlineSleep = continuousSleep

    /// The flow with its limits: 20 s an exchange, at most `AuthorizationRequest.maxRequestObjectBytes` read.
    public init() {}

    /// The request a scanned or pasted link holds: read from the link itself, or from the request object
    /// its `request_uri` names (fetched with `Accept: application/oauth-authz-req+jwt`, 200 only).
    /// - Throws: ``PresentationFlowError``: the request refused by its checks, not fetched, too large, or the
    ///   verifier unreachable.
    public func request(from text: String, now: Date) async throws(PresentationFlowError) -> AuthorizationRequest {
        let reference: RequestReference
        do throws(AuthorizationRequestError) {
            guard let found = try AuthorizationRequest.reference(in: text) else { return try await AuthorizationRequest(url: text, now: now) }
            reference = found
        } catch {
            throw .refused(reason: error.description)
        }
        var fetch = BoundedHTTP.Request("GET", reference.requestURI)
        fetch.setValue(RequestReference.mediaType, forHTTPHeaderField: "Accept")
        let response = try await exchange(fetch)
        guard response.status == 200 else { throw .notFetched(url: reference.requestURI.absoluteString, status: response.status) }
        do throws(AuthorizationRequestError) {
            return try await AuthorizationRequest(requestObject: String(decoding: response.body, as: UTF8.self), reference: reference, now: now)
        } catch {
            throw .refused(reason: error.description)
        }
    }

    /// Posts `answer` to its verifier (`direct_post`) and reads the reply.
    /// - Returns: the verifier's acceptance, with the address it asks the person to continue at, if any.
    /// - Throws: ``PresentationFlowError/verifierRefused(reason:status:)`` when the verifier did not accept it;
    ///   the verifier unreachable or its reply too large.
    public func send(_ answer: PresentationAnswer) async throws(PresentationFlowError) -> VerifierAcceptance {
        let response = try await post(answer.formBody, to: answer.responseURI)
        let reply = VerifierReply(response.body)
        guard response.status == 200 else {
            throw .verifierRefused(reason: reply.reason ?? "status \(response.status)", status: response.status)
        }
        return VerifierAcceptance(redirectURI: reply.redirectURI, ignoredRedirect: reply.ignoredRedirect)
    }

    /// Tells the verifier the person declined (`error=access_denied`), so it does not wait; nothing else is
    /// sent. A verifier that cannot be reached is not retried: declining never fails for the person.
    public func decline(_ request: AuthorizationRequest) async {
        _ = try? await post(PresentationAnswer.declineBody(for: request), to: request.responseURI)
    }

    func post(_ body: String, to url: URL) async throws(PresentationFlowError) -> BoundedHTTP.Response {
        var request = BoundedHTTP.Request("POST", url, body: Data(body.utf8))
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return try await exchange(request)
    }

    func exchange(_ request: BoundedHTTP.Request) async throws(PresentationFlowError) -> BoundedHTTP.Response {
        var http = BoundedHTTP(timeout: timeout, maxResponseBytes: maxResponseBytes)
        http.sleep = deadlineSleep
        do throws(BoundedHTTP.Failure) {
            return try await http.send(request)
        } catch {
            switch error {
            case .tooLarge(let host, let limit): throw .tooLarge(host: host, limit: limit)
            default: throw .unreachable(host: error.host, reason: error.reason)
            }
        }
    }
}

/// The verifier accepted the answer.
public struct VerifierAcceptance: Sendable, Equatable {
    /// Where the verifier asks the person to continue (its `redirect_uri`), if it named an https address (or
    /// http on loopback).
    public let redirectURI: URL?
    /// Whether the verifier named a `redirect_uri` that was not such an address, and so was left out.
    public let ignoredRedirect: Bool
}
