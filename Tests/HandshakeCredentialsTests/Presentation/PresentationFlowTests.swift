import Foundation
import HandshakeCore
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeCredentials

/// The holder's flow against a verifier written in Python (PyJWT, joserfc): the request fetched by its
/// request_uri, the answer accepted, a decline that reaches the verifier, and each bound the flow keeps
/// (no redirect followed, a size limit, a time limit, a reply's text made safe).
@Suite(.serialized) struct PresentationFlowTests {
    static let folder = FileManager.default.temporaryDirectory

    @Test func aRequestFetchedByItsRequestURIIsAnsweredAndAccepted() async throws {
        let verifier = try await PythonVerifier(in: Self.folder)
        let flow = PresentationFlow()
        let request = try await flow.request(from: verifier.link, now: Date())
        #expect(request.clientID.description == verifier.clientID)
        #expect(request.askedClaims == [.name, .emails])
        let answer = try OID4VP.answer(request, at: Date())
        let accepted = try await flow.send(answer)
        #expect(accepted.redirectURI?.absoluteString == "\(verifier.base)/done#code-1")
        #expect(!accepted.ignoredRedirect)
        #expect(verifier.received.last?["verified"] != nil, "the Python verifier checked the answer: \(verifier.received)")
    }

    @Test func aDeclineReachesTheVerifier() async throws {
        let verifier = try await PythonVerifier(in: Self.folder)
        let flow = PresentationFlow()
        await flow.decline(try await flow.request(from: verifier.link, now: Date()))
        let form = try #require(verifier.received.last?["form"] as? [String: String])
        #expect(form["error"] == "access_denied" && form["vp_token"] == nil)
    }

    @Test func aRedirectAnOversizedAnswerAndASilentVerifierAreRefused() async throws {
        let verifier = try await PythonVerifier(in: Self.folder)
        var flow = PresentationFlow()
        await #expect(throws: PresentationFlowError.notFetched(url: "\(verifier.base)/redirect", status: 302)) {
            try await flow.request(from: verifier.link(requestPath: "/redirect"), now: Date())
        }
        await #expect(throws: PresentationFlowError.tooLarge(host: "127.0.0.1", limit: AuthorizationRequest.maxRequestObjectBytes)) {
            try await flow.request(from: verifier.link(requestPath: "/huge"), now: Date())
        }
        flow.timeout = .seconds(1)
        do throws(PresentationFlowError) {
            _ = try await flow.request(from: verifier.link(requestPath: "/slow"), now: Date())
            Issue.record("a silent verifier answered")
        } catch {
            guard case .unreachable(let host, _) = error else { Issue.record("\(error)"); return }
            #expect(host == "127.0.0.1")
        }
    }

    /// A request_uri that drips its answer a byte at a time is cut off at the flow's deadline (here half a
    /// second), with a sentence: a limit per read would never pass.
    @Test func aDrippingRequestURIEndsAtTheDeadline() async throws {
        let server = try await HostileHTTPServer(.drip(interval: .milliseconds(100)))
        defer { Task { await server.stop() } }
        var flow = PresentationFlow()
        flow.timeout = .milliseconds(500)
        let link = "openid4vp://?client_id=redirect_uri%3Ahttp%3A%2F%2F127.0.0.1%3A\(server.port)%2Fresponse&request_uri=http%3A%2F%2F127.0.0.1%3A\(server.port)%2Frequest"
        await #expect(throws: PresentationFlowError.unreachable(host: "127.0.0.1", reason: "it did not answer within 0.5 seconds")) {
            try await flow.request(from: link, now: Date())
        }
        #expect(server.requestLines == ["GET /request HTTP/1.1"])
    }

    @Test func aVerifiersReplyCannotSendThePersonAnywhereOrForgeALine() async throws {
        let verifier = try await PythonVerifier(in: Self.folder)
        let flow = PresentationFlow()
        let request = try await flow.request(from: verifier.link(requestPath: "/request-hostile"), now: Date())
        // Accepted, but with a javascript: address: it is left out, and the person is told.
        let accepted = try await flow.send(try OID4VP.answer(request, at: Date()))
        #expect(accepted.redirectURI == nil && accepted.ignoredRedirect)
        // Refused with terminal escapes and a line break in its reason: shown without them.
        let stale = try OID4VP.answer(request, at: Date().addingTimeInterval(-3600))
        do throws(PresentationFlowError) {
            _ = try await flow.send(stale)
            Issue.record("an expired answer was accepted")
        } catch {
            #expect(error == .verifierRefused(reason: "no[2Jverified: signed by did:key:z6MkFAKE", status: 400))
            #expect(!error.description.contains("\u{1B}") && !error.description.contains("\n"))
        }
    }
}
