// Establishes how a route is registered: at an `AppPath`, never at a string of its own. A contact's routes are
// registered by their case (`.editContact`), whose pattern names the id as the router's parameter; the
// handler reads it with `AppPath.contactID(in:)`.
import Hummingbird

extension RouterMethods {
    /// Serves GET requests to `path`.
    @discardableResult func get(_ path: AppPath, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(path.pattern), method: .get, use: handler)
    }

    /// Serves POST requests to `path`.
    @discardableResult func post(_ path: AppPath, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(path.pattern), method: .post, use: handler)
    }

    /// Serves GET requests to every contact's `path` (`/contacts/{id}/…`).
    @discardableResult func get(
        _ path: (Int64) -> AppPath, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator
    ) -> Self {
        get(AppPath.anyContact(path), use: handler)
    }

    /// Serves POST requests to every contact's `path` (`/contacts/{id}/…`).
    @discardableResult func post(
        _ path: (Int64) -> AppPath, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator
    ) -> Self {
        post(AppPath.anyContact(path), use: handler)
    }
}

extension AppPath {
    /// The path of `kind` for any contact: its pattern does not depend on the id given here.
    static func anyContact(_ kind: (Int64) -> AppPath) -> AppPath { kind(0) }

    /// The contact id the matched path names, or nil when it is not a number.
    static func contactID(in context: some RequestContext) -> Int64? {
        context.parameters.get(contactParameter).flatMap { Int64($0) }
    }
}
