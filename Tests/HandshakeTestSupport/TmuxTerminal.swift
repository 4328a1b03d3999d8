import Foundation

/// A program on a real terminal, for tests that answer its questions as a person would: a tmux server of
/// the test's own (its own socket), with one window running one command; the screen is read with
/// `capture-pane` and typed into with `send-keys`. Needs tmux (scripts/install-test-tools); a missing
/// tmux fails the test.
public final class TmuxTerminal {
    public let socket = "handshake-test-\(UUID().uuidString.prefix(8))"

    public init(_ command: String) throws {
        try tmux(["new-session", "-d", "-s", "screen", "-x", "150", "-y", "60", command])
        // Keep the screen after the program exits, so its last lines can be read.
        try tmux(["set-option", "-t", "screen", "remain-on-exit", "on"])
    }

    /// Runs one tmux command and returns what it printed. The command that starts the tmux server leaves
    /// the server behind, so it is run by ``spawnAndWait(_:_:environment:)``, not Foundation's `Process`.
    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        // tmux's server exits at once without a terminal type.
        if (environment["TERM"] ?? "").isEmpty || environment["TERM"] == "dumb" { environment["TERM"] = "xterm-256color" }
        let result = try spawnAndWait("tmux", ["-L", socket] + arguments, environment: environment)
        guard result.status == 0 else {
            throw TerminalFailure("tmux \(arguments.first ?? "") failed (status \(result.status)): \(result.stderr)")
        }
        return result.stdout
    }

    /// The whole screen and its scrollback, as text.
    public func screen() throws -> String { try tmux(["capture-pane", "-p", "-J", "-S", "-200", "-t", "screen"]) }

    /// Types `text` and Enter.
    public func type(_ text: String) throws { try tmux(["send-keys", "-t", "screen", "-l", text]); try tmux(["send-keys", "-t", "screen", "Enter"]) }

    /// Reads the screen until `predicate` holds; the limit counts reads, not seconds, so a clock that
    /// jumps cannot end the wait early.
    public func waitFor(_ what: String, reads: Int = 1_500, _ predicate: (String) -> Bool) throws -> String {
        var text = ""
        for _ in 0..<reads {
            text = try screen()
            if predicate(text) { return text }
            usleep(100_000)
        }
        throw TerminalFailure("the screen never showed \(what); it shows:\n\(text)")
    }

    public func close() { _ = try? tmux(["kill-server"]) }
}

/// Why a terminal test could not go on: tmux missing or failing, or the screen never showing what was
/// awaited (with what it showed).
public struct TerminalFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
