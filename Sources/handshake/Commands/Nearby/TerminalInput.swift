import Foundation

/// The lines a person types while the exchange screen is open, read on one thread for the whole command, so
/// the list of people nearby and the questions that follow never read standard input at once. A line goes to
/// whoever waits for one; a waiter that is cancelled gets nil.
@MainActor
final class TerminalInput {
    private var queued: [String] = []
    private var waiter: CheckedContinuation<String?, Never>?
    private var ended = false

    init() {
        let thread = Thread { [weak self] in
            while let line = readLine() {
                Task { @MainActor in self?.deliver(line) }
            }
            Task { @MainActor in self?.end() }
        }
        thread.start()
    }

    /// The next line typed, or nil at the end of input or when the waiting task is cancelled.
    func nextLine() async -> String? {
        if !queued.isEmpty { return queued.removeFirst() }
        if ended { return nil }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // One reader at a time: a new question replaces one nobody answered.
                waiter?.resume(returning: nil)
                waiter = continuation
                if Task.isCancelled { cancelWaiter() }
            }
        } onCancel: {
            Task { @MainActor in self.cancelWaiter() }
        }
    }

    /// Asks `question` on standard error and returns the choice whose first letter (or whole word) was typed;
    /// nil at the end of input. An answer that matches no choice asks again.
    func choose(_ question: TerminalLine, _ choices: [String]) async -> String? {
        while true {
            Prompt.ask(question, choices)
            guard let line = await nextLine() else { return nil }
            if let match = Prompt.match(line, choices) { return match }
        }
    }

    private func deliver(_ line: String) {
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: line)
        } else {
            queued.append(line)
        }
    }

    private func end() {
        ended = true
        cancelWaiter()
    }

    private func cancelWaiter() {
        waiter?.resume(returning: nil)
        waiter = nil
    }
}
