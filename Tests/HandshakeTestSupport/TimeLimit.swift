/// Runs `work`, and gives up on it after `limit`: a test that waits on something outside (a database, a
/// stream) must fail with a sentence rather than hang. Whichever finishes second is cancelled.
/// - Throws: ``TimeLimitExceeded`` naming `what`, or what `work` throws.
public func withTimeLimit<Value: Sendable>(
    _ limit: Duration, _ what: String, _ work: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw TimeLimitExceeded(description: "\(what): nothing within \(limit)") }
        return value
    }
}

/// What ``withTimeLimit(_:_:_:)`` throws when the time ran out.
public struct TimeLimitExceeded: Error, CustomStringConvertible {
    public let description: String
}
