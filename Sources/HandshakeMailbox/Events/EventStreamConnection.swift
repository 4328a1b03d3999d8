import Foundation
import HandshakeCredentials
import Synchronization

/// One connection to `GET /v1/events/stream`, on HandshakeCredentials' bounded HTTP: the bytes are parsed
/// into messages as they arrive and handed to the one task reading, as an async sequence.
///
/// It ends when the server ends the stream, the connection fails (with the failure's sentence), the answer's
/// head does not come within the client's request time limit, the server falls silent for longer than the
/// silence limit (its keep-alives stopped, so the connection is dead), or ``close()`` is called.
/// Reconnecting is ``AccountEvents``'s job.
final class EventStreamConnection: Sendable {
    /// What the connection delivers.
    enum Item: Sendable {
        /// The server's status was not 200 (401: the token expired or was revoked).
        case status(Int, BoundedHTTP.Response)
        /// A message.
        case message(ServerSentEventParser.Message)
        /// The stream is not one this client reads (a line over the limit).
        case malformed
        /// The connection could not be made, or broke: why, as the client's error.
        case failed(MailboxClientError)
    }

    let items: AsyncStream<Item>
    private let task: Task<Void, Never>

    /// Opens the stream with `request` (its token and `Last-Event-ID` already set) on `http`.
    init(request: BoundedHTTP.Request, http: BoundedHTTP, silenceLimit: Duration) {
        let (items, continuation) = AsyncStream.makeStream(of: Item.self, bufferingPolicy: .unbounded)
        self.items = items
        task = Task {
            let reading = Reading()
            do throws(BoundedHTTP.Failure) {
                try await http.stream(request, silenceLimit: silenceLimit) { part in reading.take(part, into: continuation) }
                if let refusal = reading.refusal() { continuation.yield(.status(refusal.status, refusal)) }
            } catch {
                if !Task.isCancelled { continuation.yield(.failed(MailboxClientError(error))) }
            }
            continuation.finish()
        }
    }

    /// Ends the connection; the sequence finishes.
    func close() {
        task.cancel()
    }

    /// The stream's state as its parts arrive, one at a time.
    private final class Reading: Sendable {
        private struct State {
            var parser = ServerSentEventParser()
            var status = 0
            var headers: [String: String] = [:]
            var errorBody = Data()
        }
        private let state = Mutex(State())

        /// Takes one part; returns whether to read on.
        func take(_ part: BoundedHTTP.StreamPart, into continuation: AsyncStream<Item>.Continuation) -> Bool {
            let result: Result<[ServerSentEventParser.Message], ServerSentEventParser.ParseError>? = state.withLock { state in
                switch part {
                case .head(let status, let headers):
                    (state.status, state.headers) = (status, headers)
                    return .success([])
                case .body(let data) where state.status != 200:
                    // A refusal's body is small JSON; more than a few KiB is not one.
                    if state.errorBody.count < 16 * 1024 { state.errorBody.append(data) }
                    return nil
                case .body(let data):
                    do throws(ServerSentEventParser.ParseError) {
                        return .success(try state.parser.feed(data))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            switch result {
            case .success(let messages)?:
                for message in messages { continuation.yield(.message(message)) }
                return true
            case .failure?:
                continuation.yield(.malformed)
                return false
            case nil:
                return true
            }
        }

        /// The answer, when the server refused the stream (its status was not 200).
        func refusal() -> BoundedHTTP.Response? {
            state.withLock { state in
                state.status == 200 || state.status == 0 ? nil : BoundedHTTP.Response(status: state.status, headers: state.headers, body: state.errorBody)
            }
        }
    }
}
