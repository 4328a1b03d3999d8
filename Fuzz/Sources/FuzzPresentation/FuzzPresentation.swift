// libFuzzer target: OpenID4VP decoding on any bytes. The first byte picks the reader, the rest is its input:
// 0 a request link (`AuthorizationRequest.reference(in:)`, then `AuthorizationRequest(url:now:)`), 1 a request
// object, 2 a `vp_token` checked by PresentationVerifier against a fixed request, 3 a DCQL query (then what it
// asks of a card). Invariants: nothing traps; every refusal has a sentence; an accepted request has a
// URL-safe nonce, an answer address that is https (or loopback http) and, for a redirect_uri: verifier, the
// client_id's own address; an accepted vp_token's holder signed every credential in it.
import Dispatch
import Foundation
@_spi(Wire) import HandshakeCredentials

let now = Date(timeIntervalSince1970: 1_763_744_400)
let clientID = "redirect_uri:https://verifier.example/oid4vp/response"
let nonce = "n-0S6_WzA2Mj-handshake"
// The query the corpus's answers were made for (Tests/HandshakeCredentialsTests/Conformance/oid4vp.py wallet).
let query = try! DCQLQuery(json: """
    {"credentials":[{"id":"card","format":"jwt_vc_json","meta":{"type_values":[["VerifiableCredential"]]},\
    "claims":[{"path":["credentialSubject","name"]},{"path":["credentialSubject","emails"]}]}]}
    """)

final class Box: @unchecked Sendable { var done = false }

/// Runs `body` to completion on the concurrency pool and waits for it (the readers are async).
func wait(_ body: @escaping @Sendable () async -> Void) {
    let box = Box()
    let finished = DispatchSemaphore(value: 0)
    Task {
        await body()
        box.done = true
        finished.signal()
    }
    finished.wait()
    precondition(box.done, "a reader did not finish")
}

func checkAccepted(_ request: AuthorizationRequest) {
    precondition(!request.nonce.isEmpty && request.nonce.utf8.count <= AuthorizationRequest.maxNonceBytes)
    precondition(request.nonce.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789-._~".unicodeScalars.contains($0)) })
    precondition(ClientIdentifier.isAllowedResponseURL(request.responseURI), "an answer address that is not https")
    if case .redirectURI(let url) = request.clientID { precondition(url == request.responseURI, "a redirect_uri: verifier answered elsewhere") }
    precondition(!request.credentialRequests.isEmpty, "a request with nothing to answer")
}

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let mode = bytes.first else { return 0 }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    switch mode % 4 {
    case 0:
        do throws(AuthorizationRequestError) {
            if let reference = try AuthorizationRequest.reference(in: text) {
                precondition(ClientIdentifier.isAllowedResponseURL(reference.requestURI))
            }
        } catch {
            precondition(!error.description.isEmpty)
        }
        wait {
            do throws(AuthorizationRequestError) {
                checkAccepted(try await AuthorizationRequest(url: text, now: now))
            } catch {
                precondition(!error.description.isEmpty)
            }
        }
    case 1:
        wait {
            do throws(AuthorizationRequestError) {
                checkAccepted(try await AuthorizationRequest(requestObject: text, reference: nil, now: now))
            } catch {
                precondition(!error.description.isEmpty)
            }
        }
    case 2:
        wait {
            do throws(PresentationError) {
                let verified = try await PresentationVerifier().verify(vpToken: text, nonce: nonce, clientID: clientID, query: query, now: now)
                for credential in verified.credentials.values.joined() {
                    precondition(credential.issuer == verified.holder, "a credential not bound to its presenter")
                }
            } catch {
                precondition(!error.description.isEmpty)
            }
        }
    default:
        do throws(AuthorizationRequestError) {
            let parsed = try DCQLQuery(json: text)
            precondition(!parsed.credentials.isEmpty && parsed.credentials.count <= DCQLQuery.maxCredentials)
            _ = try parsed.cardRequests()
        } catch {
            precondition(!error.description.isEmpty)
        }
    }
    return 0
}
