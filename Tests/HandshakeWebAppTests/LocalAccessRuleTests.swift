import Hummingbird
import HummingbirdCore
import Testing

@testable import HandshakeWebApp

/// Who may use the app, decided from a request's head: the loopback name and port only, the launch secret
/// traded once for the cookie, and changes only from the app's own origin with the form token.
struct LocalAccessRuleTests {
    static let secrets = LaunchSecrets(launch: "L4unch", session: "S3ssion", formToken: "F0rm")
    static let rule = LocalAccessRule(secrets: secrets, port: 7430)
    static let cookie = "S3ssion"

    func decide(_ method: String = "GET", host: String? = "127.0.0.1:7430", _ path: String = "/contacts", cookie: String? = cookie,
                origin: String? = nil, formToken: String? = nil) -> LocalAccessDecision {
        Self.rule.decide(method: method, host: host, uri: URI(path), session: cookie, origin: origin, formToken: formToken)
    }

    @Test func theLaunchSecretIsTradedForTheCookieAndLeavesTheURL() {
        #expect(decide(_: "GET", "/contacts?secret=L4unch", cookie: nil) == .startSession(location: "/contacts"))
        #expect(decide(_: "GET", "/contacts?q=ada&secret=L4unch", cookie: nil) == .startSession(location: "/contacts?q=ada"))
        #expect(decide(_: "GET", "/contacts?q=Ada%20L%26B&secret=L4unch&trust=known", cookie: nil) == .startSession(location: "/contacts?q=Ada%20L%26B&trust=known"),
                "the rest of the query is kept as it was meant")
        #expect(decide(_: "GET", "//evil.example/x?secret=L4unch", cookie: nil) == .startSession(location: "/"), "never another site")
        // A browser reads a backslash as a slash: `/\evil.example/x` is another site too; so are its escapes.
        for path in ["/\\evil.example/x", "/%5Cevil.example/x", "/%2F%2Fevil.example", "/contacts/../..//evil.example", "/\t/evil.example"] {
            #expect(decide(_: "GET", path + "?secret=L4unch", cookie: nil) == .startSession(location: "/"), "\(path)")
        }
        #expect(decide(_: "GET", "/contacts/12?secret=L4unch", cookie: nil) == .startSession(location: "/contacts/12"))
        #expect(decide(_: "GET", "/contacts?secret=wrong", cookie: nil) == .noSession)
        #expect(decide(_: "GET", "/contacts?secret=L4unc", cookie: nil) == .noSession, "a prefix of the secret is not the secret")
    }

    @Test func withoutTheCookieNothingIsServed() {
        #expect(decide(cookie: nil) == .noSession)
        #expect(decide(cookie: "S3ssio") == .noSession)
        #expect(decide(cookie: "L4unch") == .noSession, "the launch secret is not the session")
        #expect(decide() == .allow)
        #expect(decide(host: "localhost:7430") == .allow)
    }

    @Test func theScriptAndStylesheetLoadWithoutASessionAndNothingElse() {
        // A refusal page is drawn before there is a session, and names the stylesheet.
        #expect(decide(_: "GET", "/static/app.css", cookie: nil) == .allow)
        #expect(decide(_: "HEAD", "/static/app.js", cookie: nil) == .allow)
        #expect(decide(_: "GET", "/static/../contacts", cookie: nil) == .noSession)
        #expect(decide(_: "GET", "/staticx/app.css", cookie: nil) == .noSession)
        #expect(decide(_: "POST", "/static/app.css", cookie: nil) == .noSession, "only reads")
        #expect(decide(host: "evil.example:7430", "/static/app.css", cookie: nil) == .wrongHost, "and only at the app's own address")
    }

    @Test func anotherHostIsRefusedFirstEvenWithTheSecret() {
        // A DNS-rebinding page reaches 127.0.0.1:7430 under its own name; the Host says so.
        #expect(decide(host: "evil.example:7430") == .wrongHost)
        #expect(decide(host: "evil.example:7430", "/contacts?secret=L4unch", cookie: nil) == .wrongHost)
        #expect(decide(host: "127.0.0.1:7431") == .wrongHost)
        #expect(decide(host: "127.0.0.1") == .wrongHost)
        #expect(decide(host: nil) == .wrongHost)
    }

    /// On an address of its own (AppAddress), the app answers under that address alone: not 127.0.0.1, not
    /// `localhost`, which name other servers' address; its origin is that address.
    @Test func onItsOwnAddressTheAppAnswersThereAlone() throws {
        let rule = LocalAccessRule(secrets: Self.secrets, address: "127.45.3.9", port: 7430)
        #expect(rule.hosts == ["127.45.3.9:7430"] && rule.origin == "http://127.45.3.9:7430" && rule.cookieName == "handshake-app-7430")
        #expect(rule.decide(method: "GET", host: "127.45.3.9:7430", uri: "/contacts", session: Self.cookie, origin: nil) == .allow)
        #expect(rule.decide(method: "GET", host: "127.0.0.1:7430", uri: "/contacts", session: Self.cookie, origin: nil) == .wrongHost)
        #expect(rule.decide(method: "GET", host: "localhost:7430", uri: "/contacts", session: Self.cookie, origin: nil) == .wrongHost)
        #expect(rule.decide(method: "POST", host: "127.45.3.9:7430", uri: "/x", session: Self.cookie, origin: "http://127.0.0.1:7430") == .crossSite)
        #expect(rule.decide(method: "POST", host: "127.45.3.9:7430", uri: "/x", session: Self.cookie, origin: "http://127.45.3.9:7430") == .checkFormToken)
        #expect(rule.sessionCookie.name == "handshake-app-7430" && rule.sessionCookie.domain == nil, "host-only: the app's own address alone")
        // The launch URL is the one the rule trades for the session, at that address.
        let launch = try #require(rule.launchURL)
        #expect(launch.absoluteString == "http://127.45.3.9:7430/contacts?secret=L4unch")
        #expect(rule.decide(method: "GET", host: "127.45.3.9:7430", uri: URI(launch.path + "?" + (launch.query ?? "")), session: nil, origin: nil)
                == .startSession(location: "/contacts"))
    }

    @Test func aChangeNeedsTheAppsOriginAndTheFormToken() {
        #expect(decide("POST", "/contacts/1/delete", origin: "http://127.0.0.1:7430", formToken: "F0rm") == .allow)
        #expect(decide("POST", "/contacts/1/delete", origin: "http://localhost:7430", formToken: "F0rm") == .allow)
        #expect(decide("POST", "/contacts/1/delete", origin: "http://evil.example", formToken: "F0rm") == .crossSite)
        #expect(decide("POST", "/contacts/1/delete", origin: nil, formToken: "F0rm") == .crossSite)
        #expect(decide("POST", "/contacts/1/delete", origin: "http://127.0.0.1:7430", formToken: nil) == .crossSite)
        #expect(decide("POST", "/contacts/1/delete", origin: "http://127.0.0.1:7430", formToken: "S3ssion") == .crossSite)
        #expect(decide("POST", "/contacts/1/delete", cookie: nil, origin: "http://127.0.0.1:7430", formToken: "F0rm") == .noSession)
        #expect(decide("POST", "/contacts?secret=L4unch", cookie: nil, origin: "http://127.0.0.1:7430", formToken: "F0rm") == .noSession,
                "the secret starts a session on a GET only")
    }

    /// The middleware reads a body (up to a picture's size) only after this step says the head may change
    /// something: without the cookie or from another origin, nothing is read.
    @Test func theHeadIsDecidedBeforeAnyBodyIsRead() {
        let rule = Self.rule
        #expect(rule.decide(method: "POST", host: "127.0.0.1:7430", uri: "/add/picture", session: Self.cookie, origin: "http://127.0.0.1:7430") == .checkFormToken)
        #expect(rule.decide(method: "POST", host: "127.0.0.1:7430", uri: "/add/picture", session: nil, origin: "http://127.0.0.1:7430") == .noSession)
        #expect(rule.decide(method: "POST", host: "127.0.0.1:7430", uri: "/add/picture", session: Self.cookie, origin: "http://evil.example") == .crossSite)
        #expect(rule.decide(method: "GET", host: "127.0.0.1:7430", uri: "/add", session: Self.cookie, origin: nil) == .allow)
        #expect(rule.decide(formToken: "F0rm") == .allow)
        #expect(rule.decide(formToken: "F0rmX") == .crossSite)
    }

    @Test func theFormTokenIsReadFromAFormAndTheCookieIsSetForThisAppAlone() throws {
        let form = try URLEncodedFormDecoder().decode(FormTokenForm.self, from: "alias=Ada+%3Cb%3E&csrf=F0rm&empty=")
        #expect(form.token == "F0rm")
        #expect(try URLEncodedFormDecoder().decode(FormTokenForm.self, from: "alias=Ada").token == nil)
        let cookie = Self.rule.sessionCookie
        #expect(cookie.name == "handshake-app-7430" && cookie.value == "S3ssion")
        #expect(cookie.httpOnly && cookie.sameSite == .strict && cookie.path == "/" && cookie.domain == nil)
        let name = Self.rule.cookieName
        #expect(Cookies(from: ["theme=dark; \(name)=S3ssion"])[name]?.value == "S3ssion")
        #expect(Cookies(from: ["\(name)-old=S3ssion"])[name] == nil)
        // The name carries the port: another app's session on this address (macOS has only 127.0.0.1), or
        // the name before cookies were named per port, is not this app's.
        #expect(Cookies(from: ["handshake-app-7431=S3ssion"])[name] == nil, "another port's app's cookie")
        #expect(Cookies(from: ["handshake-app=S3ssion"])[name] == nil, "the name before cookies were named per port")
    }
}
