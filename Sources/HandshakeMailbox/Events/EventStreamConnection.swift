import Foundation
import HandshakeCredentials

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One connection to `GET /v1/events/stream`: the URLSession delegate parses bytes into messages as they
/// arrive and hands them to the one task reading, as an async sequence.
///
/// It ends when the server ends the stream, the connection fails, the server falls silent for longer than
/// the silence limit (its keep-alives stopped, so the connection is dead), or ``close()`` is called.
/// Reconnecting is ``AccountEvents``'s job.
final class EventStreamConnection: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// What the connection delivers.
    enum Item: Sendable {
        /// The server's status was not 200 (401: the token expired or was revoked).
        case status(Int, BoundedHTTP.Response)
        /// A message.
        case message(ServerSentEventParser.Message)
        /// The stream is not one this client reads (a line over the limit).
        case malformed
    }

    let items: AsyncStream<Item>
    private let continuation: AsyncStream<Item>.Continuation
    // Guards the parser, the status and the error body: URLSession calls the delegate on its own queue.
    private let lock = NSLock()
    private var parser = ServerSentEventParser()
    private var status = 0
    private var errorBody = Data()
    private var headers: [String: String] = [:]
    private var session: URLSession?

    /// Opens the stream with `request` (its token and `Last-Event-ID` already set).
    init(request: URLRequest, silenceLimit: Duration) {
        (items, continuation) = AsyncStream.makeStream(of: Item.self, bufferingPolicy: .unbounded)
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        // For a data task, the request timeout is the longest wait between two pieces of data.
        configuration.timeoutIntervalForRequest = Double(silenceLimit.components.seconds)
        configuration.timeoutIntervalForResource = 7 * 24 * 60 * 60
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        lock.withLock { self.session = session }
        session.dataTask(with: request).resume()
    }

    /// Ends the connection; the sequence finishes.
    func close() {
        let session = lock.withLock { self.session }
        session?.invalidateAndCancel()
        continuation.finish()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        lock.withLock {
            status = http?.statusCode ?? 0
            headers = http.map(BoundedHTTP.headers(of:)) ?? [:]
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let result: Result<[ServerSentEventParser.Message], ServerSentEventParser.ParseError>? = lock.withLock {
            guard status == 200 else {
                // A refusal's body is small JSON; more than a few KiB is not one.
                if errorBody.count < 16 * 1024 { errorBody.append(data) }
                return nil
            }
            do throws(ServerSentEventParser.ParseError) {
                return .success(try parser.feed(data))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let messages)?: for message in messages { continuation.yield(.message(message)) }
        case .failure?:
            continuation.yield(.malformed)
            close()
        case nil: break
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (status, body, headers) = lock.withLock { (self.status, errorBody, self.headers) }
        if status != 200, status != 0 { continuation.yield(.status(status, BoundedHTTP.Response(status: status, headers: headers, body: body))) }
        continuation.finish()
        session.finishTasksAndInvalidate()
    }
}
