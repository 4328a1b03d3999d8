// Establishes that what the app cannot answer as asked is still a page of the app, through the whole stack a
// browser meets (the access rule, the routes, Hummingbird's router, a real socket): a missing contact, an
// address that is no page and a change to a contact that is not there come back as HTML with the navigation, the sentence
// and the security headers, at their HTTP status; and the stylesheet a refusal page names loads without a
// session, while the pages themselves still need one.
import Foundation
import HandshakeStore
import HandshakeTestSupport
import Testing

@testable import HandshakeWebApp

@Suite struct ErrorPageTests {
    /// What Python's http.client got: the status, the headers (lowercased names) and the body.
    struct Answer: Decodable {
        let status: Int
        let headers: [String: String]
        let body: String
    }

    /// One request to the running app, by Python's http.client, with the session cookie unless `session` is
    /// nil; a POST sends `form` as a form of the app's own origin.
    static func request(_ app: AppServingTests.Running, _ method: String, _ path: String, session: String?, form: String = "") async throws -> Answer {
        let host = app.url.host ?? "", port = app.url.port ?? 0
        let cookie = session.map { "\(LocalAccessRule.cookiePrefix)\(port)=\($0)" } ?? ""
        let output = try await Tool.require("python3", "-c", """
            import http.client, json, sys
            host, port, method, path, cookie, form = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6]
            headers = {"Cookie": cookie} if cookie else {}
            if method == "POST":
                headers.update({"Content-Type": "application/x-www-form-urlencoded", "Origin": f"http://{host}:{port}"})
            c = http.client.HTTPConnection(host, port, timeout=20)
            c.request(method, path, body=form.encode() if method == "POST" else None, headers=headers)
            r = c.getresponse()
            print(json.dumps({"status": r.status, "headers": {k.lower(): v for k, v in r.getheaders()}, "body": r.read().decode()}))
            """, host, String(port), method, path, cookie, form)
        return try JSONDecoder().decode(Answer.self, from: Data(output.utf8))
    }

    /// The marks of a page of the app: HTML, the navigation, the sentence, and the headers every answer has.
    static func expectPage(_ answer: Answer, status: Int, saying sentence: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(answer.status == status, sourceLocation: sourceLocation)
        #expect(answer.headers["content-type"] == "text/html; charset=utf-8", sourceLocation: sourceLocation)
        #expect(answer.headers["content-security-policy"]?.hasPrefix("default-src 'self'") == true, sourceLocation: sourceLocation)
        #expect(answer.headers["x-frame-options"] == "DENY" && answer.headers["x-content-type-options"] == "nosniff", sourceLocation: sourceLocation)
        #expect(answer.body.hasPrefix("<!DOCTYPE html>"), sourceLocation: sourceLocation)
        #expect(answer.body.contains("<nav aria-label=\"Handshake\">"), "the navigation", sourceLocation: sourceLocation)
        #expect(answer.body.contains("<a href=\"/contacts\">Back to your contacts</a>"), sourceLocation: sourceLocation)
        #expect(answer.body.contains(sentence), "\(answer.body)", sourceLocation: sourceLocation)
    }

    @Test func whatCannotBeAnsweredIsAPageOfTheApp() async throws {
        let app = try await AppServingTests.Running(address: AppAddress.random(), headerTimeout: .seconds(10))
        let session = app.secrets.session
        Self.expectPage(
            try await Self.request(app, "GET", "/contacts/999", session: session), status: 404, saying: "There is no such contact.")
        Self.expectPage(
            try await Self.request(app, "GET", "/contacts/not-a-number/edit", session: session), status: 404,
            saying: "There is no page at this address.")
        Self.expectPage(
            try await Self.request(app, "GET", "/no/such/page", session: session), status: 404, saying: "There is no page at this address.")
        // A change to a contact that is not there, with the app's own origin and token: refused, and said.
        let form = "\(LocalAccessRule.formTokenField)=\(app.secrets.formToken)&action=alias&alias=Countess"
        Self.expectPage(
            try await Self.request(app, "POST", AppPath.editContact(999).href, session: session, form: form), status: 404,
            saying: "There is no such contact.")
    }

    @Test func aRefusalPageLoadsItsStylesheet() async throws {
        let app = try await AppServingTests.Running(address: AppAddress.random(), headerTimeout: .seconds(10))
        let refusal = try await Self.request(app, "GET", AppPath.contacts.href, session: nil)
        #expect(refusal.status == 401 && refusal.body.contains("<link rel=\"stylesheet\" href=\"\(AppPath.stylesheet.href)\">"), "\(refusal.body)")
        let style = try await Self.request(app, "GET", AppPath.stylesheet.href, session: nil)
        #expect(style.status == 200 && style.headers["content-type"] == "text/css" && style.body.contains("overflow-wrap"))
        #expect(style.headers["content-security-policy"] != nil)
        // Only the package's files: the pages and anything else under another path still need the session.
        #expect(try await Self.request(app, "GET", "/static/../contacts", session: nil).status == 401)
        #expect(try await Self.request(app, "GET", AppPath.settings.href, session: nil).status == 401)
    }
}
