import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP exchange with a party the program does not trust (an OpenID4VP verifier): a time limit on the
/// whole exchange, a limit on the answer's size (the transfer is cancelled past it), and no redirects followed
/// (OpenID4VP §14.8: a redirect from a request_uri or response_uri is treated as an error).
enum BoundedHTTP {
    /// What came back.
    struct Response {
        let status: Int
        let contentType: String?
        let body: Data
    }

    /// Sends `request` and waits for the answer, at most `timeout` seconds and `limit` bytes.
    static func send(_ request: URLRequest, limit: Int, timeout: TimeInterval) async throws -> Response {
        var request = request
        request.timeoutInterval = timeout
        let host = request.url?.host ?? "the verifier"
        let collector = Collector(limit: limit)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let outcome: Result<Response, CommandFailure> = await withCheckedContinuation { continuation in
            collector.start(continuation)
            session.dataTask(with: request).resume()
        }
        switch outcome {
        case .success(let response): return response
        case .failure(let failure):
            throw CommandFailure(failure.description.replacingOccurrences(of: "{host}", with: host))
        }
    }

    /// Gathers the answer on URLSession's queue and hands it to the waiting task once.
    private final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private let limit: Int
        private var body = Data()
        private var tooLarge = false
        private var continuation: CheckedContinuation<Result<Response, CommandFailure>, Never>?

        init(limit: Int) { self.limit = limit }

        func start(_ continuation: CheckedContinuation<Result<Response, CommandFailure>, Never>) {
            lock.withLock { self.continuation = continuation }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let over = lock.withLock { () -> Bool in
                body.append(data)
                if body.count > limit { tooLarge = true }
                return tooLarge
            }
            if over { dataTask.cancel() }
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)  // the 3xx itself becomes the answer, refused by the caller
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let result: Result<Response, CommandFailure>
            let (over, data, waiting) = lock.withLock { () -> (Bool, Data, CheckedContinuation<Result<Response, CommandFailure>, Never>?) in
                defer { continuation = nil }
                return (tooLarge, body, continuation)
            }
            if over {
                result = .failure(CommandFailure("{host} sent more than \(limit) bytes; the answer was refused."))
            } else if let response = task.response as? HTTPURLResponse {
                result = .success(Response(status: response.statusCode, contentType: response.value(forHTTPHeaderField: "Content-Type"), body: data))
            } else {
                result = .failure(CommandFailure("Could not reach {host}: \(error?.localizedDescription ?? "no answer")."))
            }
            waiting?.resume(returning: result)
        }
    }
}
