// libFuzzer target: the scan router on any bytes: classification, then the reader it picks (Handshake card
// forms, vCards, card envelopes, VC-JWT and VP token decoders, OpenID4VP requests). Invariants: nothing
// traps; `read` agrees with `classify`; a route is only returned for kinds the router reads; only a
// signature can make a route verified (a plaintext envelope or a vCard without a card never is); every
// refusal has a sentence.
import Dispatch
import Foundation
import HandshakeCredentials

let now = Date(timeIntervalSince1970: 1_763_744_460)

final class Outcome: @unchecked Sendable {
    var result: Result<ScanResult, ScanError>?
}

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let kind = ScanRouter.classify(bytes)
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Task {
        do throws(ScanError) {
            outcome.result = .success(try await ScanRouter().read(bytes, now: now))
        } catch {
            outcome.result = .failure(error)
        }
        done.signal()
    }
    done.wait()
    switch outcome.result {
    case .success(let result)?:
        precondition(result.kind == kind, "read disagrees with classify")
        precondition(kind.isReadable, "a route for a kind the router only names")
        switch result.route {
        case .unverifiedContact, .shareLink: precondition(result.status == .unverified)
        case .handshakeCard, .credential, .freepathCard: precondition(result.status == .verified)
        case .presentationRequest: precondition(result.status == .notAContact)
        }
    case .failure(let error)?:
        precondition(!error.description.isEmpty, "a refusal without a sentence")
    case nil:
        preconditionFailure("read did not finish")
    }
    return 0
}
