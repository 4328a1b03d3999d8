import Foundation

/// The lines a running program writes to a pipe, read as they arrive; each wait for more is on a thread of
/// its own (``onOwnThread(_:)``). Used by one task at a time.
public final class PipeLines: @unchecked Sendable {
    private let handle: FileHandle
    private var buffer = Data()

    public init(_ handle: FileHandle) { self.handle = handle }

    /// The next line, without its line feed; `nil` once the pipe has ended.
    public func next() async throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer = Data(buffer[(newline + 1)...])
                return line
            }
            let handle = self.handle
            let more = try await onOwnThread { handle.availableData }
            if more.isEmpty { return nil }
            buffer += more
        }
    }

    /// Everything from here to the end of the pipe, as text.
    public func rest() async throws -> String {
        let handle = self.handle
        let rest = try await onOwnThread { handle.readDataToEndOfFile() }
        defer { buffer = Data() }
        return String(decoding: buffer + rest, as: UTF8.self)
    }
}
