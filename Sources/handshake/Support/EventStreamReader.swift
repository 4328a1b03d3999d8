import Dispatch
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads a server-sent event stream (`text/event-stream`, the WHATWG HTML "Server-sent events" format) as
/// it arrives, for a synchronous command: the URLSession delegate parses lines into messages and the
/// command's thread takes them one at a time, waiting at most a given time for the next.
///
/// Only what the mailbox sends is read: `id:`, `event:`, `data:` (joined by line feeds), comments and
/// `retry:` skipped. A line longer than 64 KiB ends the stream as malformed.
final class EventStreamReader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// One message of the stream.
    struct Message {
        var id: String?
        var event: String?
        var data: String
    }

    /// Why a stream ended.
    enum End {
        /// The server answered with a status other than 200 (an expired token is 401).
        case status(Int)
        /// The connection ended or failed; reconnect with the last id.
        case closed(String)
    }

    static let maxLineBytes = 64 * 1024

    private let lock = NSLock()
    private let ready = DispatchSemaphore(value: 0)
    private var pending: [Message] = []
    private var ended: End?
    private var buffer: [UInt8] = []
    private var current = Message(data: "")
    private var hasData = false
    private var session: URLSession?

    /// Opens the stream at `url` with `token`, resuming after `lastEventID`.
    init(url: URL, token: String, lastEventID: Int64) {
        super.init()
        var request = URLRequest(url: url, timeoutInterval: 24 * 60 * 60)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        request.setValue(String(lastEventID), forHTTPHeaderField: "Last-Event-ID")
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
        self.session = session
        session.dataTask(with: request).resume()
    }

    /// The next message; `.failure` with why the stream ended; `nil` when none came by `deadline` (keep-alive
    /// comments do not count as messages).
    func next(by deadline: DispatchTime) -> Result<Message, EndError>? {
        while true {
            let state: Result<Message, EndError>? = lock.withLock {
                if !pending.isEmpty { return .success(pending.removeFirst()) }
                if let ended { return .failure(EndError(end: ended)) }
                return nil
            }
            if let state { return state }
            if ready.wait(timeout: deadline) == .timedOut { return nil }
        }
    }

    /// Closes the connection.
    func close() {
        session?.invalidateAndCancel()
    }

    /// `End` as an error, for `Result`.
    struct EndError: Error {
        let end: End
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status != 200 {
            finish(.status(status))
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock {
            buffer.append(contentsOf: data)
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                take(String(decoding: line, as: UTF8.self))
            }
            if buffer.count > Self.maxLineBytes, ended == nil { ended = .closed("the server sent a line over 64 KiB") }
        }
        ready.signal()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(.closed(error?.localizedDescription ?? "the server ended the stream"))
    }

    private func finish(_ end: End) {
        lock.withLock { if ended == nil { ended = end } }
        ready.signal()
    }

    /// One line of the stream (called with the lock held).
    private func take(_ line: String) {
        if line.isEmpty {
            if hasData { pending.append(current) }
            current = Message(data: "")
            hasData = false
            return
        }
        if line.hasPrefix(":") { return }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = Substring(line)
            value = ""
        }
        switch field {
        case "id": current.id = String(value)
        case "event": current.event = String(value)
        case "data":
            current.data += (hasData ? "\n" : "") + value
            hasData = true
        default: break
        }
    }
}
