import GRDB

/// An observation's values, taken by a test one at a time, each wait bounded.
///
/// The observation runs in its own task and hands each value it delivers to a stream. A wait that runs
/// out ends the stream, so the test sees `nil` (and fails) instead of hanging; the bound is generous, as
/// it only has to catch a value that never comes, and nothing is asserted about how long a value took.
struct Observed<Value: Sendable> {
    private let continuation: AsyncStream<Value>.Continuation
    private var iterator: AsyncStream<Value>.Iterator
    private let task: Task<Void, Never>

    init(_ observation: AsyncValueObservation<Value>) {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
        self.continuation = continuation
        iterator = stream.makeAsyncIterator()
        task = Task {
            do {
                for try await value in observation { continuation.yield(value) }
            } catch {}
            continuation.finish()
        }
    }

    /// The next value delivered, if one comes within `bound`.
    mutating func next(within bound: Duration = .seconds(60)) async -> Value? {
        await next(where: { _ in true }, within: bound)
    }

    /// The next value delivered that satisfies `predicate`, skipping others, if one comes within `bound`.
    mutating func next(where predicate: (Value) -> Bool, within bound: Duration = .seconds(60)) async -> Value? {
        let continuation = self.continuation
        let watchdog = Task {
            try? await Task.sleep(for: bound)
            if !Task.isCancelled { continuation.finish() }
        }
        defer { watchdog.cancel() }
        while let value = await iterator.next() {
            if predicate(value) { return value }
        }
        return nil
    }

    /// Stops the observation.
    func cancel() {
        task.cancel()
        continuation.finish()
    }
}
