// Establishes where the access rule meets HTTP: the middleware reads what `LocalAccessRule` needs from the
// request's head and, only once the head has passed, a change's form token (from a form's body, read once and
// kept for the route, or from a header beside a picture). It answers a refusal or the cookie itself, draws
// what a route threw as a page of the app (ErrorPage), and gives every response the headers a local app needs
// (no script or resource from elsewhere, no framing, no caching, no referrer to other sites). The rule itself
// lives in LocalAccessRule.
import Foundation
import Hummingbird
import Synchronization

/// The address and port the app is bound to, known once the server runs (the program may ask for any free
/// port, and on a system without its own loopback address the app falls back to 127.0.0.1).
final class BoundPort: Sendable {
    private let value = Mutex((address: AppAddress.fallback, port: 0))
    var port: Int { value.withLock { $0.port } }
    var address: String { value.withLock { $0.address } }
    func set(_ port: Int, address: String = AppAddress.fallback) { value.withLock { $0 = (address, port) } }
}

struct LocalAccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let secrets: LaunchSecrets
    let bound: BoundPort

    /// A form is small: names, notes, a pasted card.
    static var formLimit: Int { 256 * 1024 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        let rule = LocalAccessRule(secrets: secrets, address: bound.address, port: bound.port)
        var decision = rule.decide(
            method: request.method.rawValue, host: request.head.authority, uri: request.uri,
            session: request.cookies[rule.cookieName]?.value, origin: request.headers[.origin])
        if decision == .checkFormToken {
            // Only now, with the head accepted, is a body read: a form's within its limit; any other body
            // (a picture) stays for its route, and its token comes in a header.
            let isForm = request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false
            if isForm {
                let body = try await request.collectBody(upTo: Self.formLimit)
                let form = try? URLEncodedFormDecoder().decode(FormTokenForm.self, from: String(buffer: body))
                decision = rule.decide(formToken: form?.token)
            } else {
                let header = HTTPFields.Element.Name(LocalAccessRule.formTokenHeader)
                decision = rule.decide(formToken: header.flatMap { request.headers[$0] })
            }
        }
        var response: Response
        switch decision {
        case .allow:
            do {
                response = try await next(request, context)
            } catch {
                // A missing contact, an unknown path, a form that cannot be read: a page of the app, with the
                // navigation and the headers below, never Hummingbird's JSON or an empty body.
                response = ErrorPage.response(for: error)
            }
        case .startSession(let location):
            response = Response(status: .seeOther, headers: [.location: location])
            response.setCookie(rule.sessionCookie)
        case .wrongHost:
            response = Page.response(RefusalPage.wrongHost(origin: rule.origin), status: .misdirectedRequest)
        case .noSession:
            response = Page.response(RefusalPage.noSession, status: .unauthorized)
        case .crossSite, .checkFormToken:
            response = Page.response(RefusalPage.crossSite, status: .forbidden)
        }
        Self.secure(&response.headers)
        return response
    }

    /// The headers of every response: this app's own script, style and images only; never framed or cached,
    /// and no referrer sent to another site.
    static func secure(_ headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        headers[.xContentTypeOptions] = "nosniff"
        headers[.cacheControl] = "no-store"
        // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the app's own forms.
        if let referrerPolicy = HTTPFields.Element.Name("Referrer-Policy") { headers[referrerPolicy] = "same-origin" }
        if let frameOptions = HTTPFields.Element.Name("X-Frame-Options") { headers[frameOptions] = "DENY" }
    }
}
