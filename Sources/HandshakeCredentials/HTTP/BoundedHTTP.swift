import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP exchange with a party the device does not control (an OpenID4VP verifier, a mailbox server),
/// bounded: a time limit on the whole exchange, a limit on the answer's size (the transfer is cancelled past
/// it), and no redirect followed (OpenID4VP §14.8 treats a redirect from a request_uri or response_uri as an
/// error; a mailbox never sends one, so a 3xx is an answer, never a hop elsewhere with a bearer token).
/// A cancelled task cancels the transfer.
///
/// It moves bytes and nothing more: which address, which body and what the answer means is the caller's
/// (`PresentationFlow` here, HandshakeMailbox's client). Package access: no app calls it.
package struct BoundedHTTP: Sendable {
    /// What came back.
    package struct Response: Sendable {
        package let status: Int
        package let headers: [String: String]
        package let body: Data

        package init(status: Int, headers: [String: String], body: Data) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// A header's value, by its name in any case.
        package func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// The longest time one exchange may take.
    package let timeout: Duration
    /// The largest answer read.
    package let maxResponseBytes: Int

    package init(timeout: Duration, maxResponseBytes: Int) {
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }

    /// The header fields of `response` by name (URLSession hands them over untyped).
    package static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return headers
    }

    /// Why no answer could be used.
    package enum Failure: Error, Sendable, Equatable {
        /// The answer was larger than the limit; the transfer was cancelled.
        case tooLarge(host: String, limit: Int)
        /// No answer: the connection failed, the time limit passed, or the task was cancelled.
        case unreachable(host: String, reason: String)
    }

    /// Sends `request` and waits for the whole answer.
    package func send(_ request: URLRequest) async throws(Failure) -> Response {
        var request = request
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        request.timeoutInterval = seconds
        let host = request.url?.host ?? "the server"
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        let collector = Collector(limit: maxResponseBytes)
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        // A cancelled task cancels the transfer, which then ends as "cancelled" rather than at the time limit.
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = session.dataTask(with: request)
                collector.start(continuation, task: task)
                task.resume()
            }
        } onCancel: {
            collector.cancel()
        }
        switch outcome {
        case .answered(let response): return response
        case .tooLarge: throw .tooLarge(host: host, limit: maxResponseBytes)
        case .failed(let reason): throw .unreachable(host: host, reason: reason)
        }
    }

    /// How an exchange ended.
    enum Outcome: Sendable {
        case answered(Response)
        case tooLarge
        case failed(String)
    }

    /// Gathers the answer on URLSession's queue and hands it to the waiting task once.
    private final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private let limit: Int
        private var body = Data()
        private var tooLarge = false
        private var continuation: CheckedContinuation<Outcome, Never>?
        private var task: URLSessionDataTask?
        private var cancelled = false

        init(limit: Int) { self.limit = limit }

        func start(_ continuation: CheckedContinuation<Outcome, Never>, task: URLSessionDataTask) {
            let cancelledAlready = lock.withLock {
                self.continuation = continuation
                self.task = task
                return cancelled
            }
            if cancelledAlready { task.cancel() }
        }

        func cancel() {
            let task = lock.withLock {
                cancelled = true
                return self.task
            }
            task?.cancel()
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let over = lock.withLock { () -> Bool in
                if !tooLarge { body.append(data) }
                if body.count > limit { tooLarge = true }
                return tooLarge
            }
            if over { dataTask.cancel() }
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)  // the 3xx itself becomes the answer
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let (over, data, waiting) = lock.withLock { () -> (Bool, Data, CheckedContinuation<Outcome, Never>?) in
                defer { continuation = nil }
                return (tooLarge, body, continuation)
            }
            let outcome: Outcome
            if over {
                outcome = .tooLarge
            } else if let response = task.response as? HTTPURLResponse {
                outcome = .answered(Response(status: response.statusCode, headers: BoundedHTTP.headers(of: response), body: data))
            } else {
                outcome = .failed(error?.localizedDescription ?? "no answer")
            }
            waiting?.resume(returning: outcome)
        }
    }
}
