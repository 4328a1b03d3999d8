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

    /// Runs one tmux command and returns what it printed. Spawned directly and waited for with waitpid:
    /// the command that starts the tmux server leaves the server holding every descriptor it inherited,
    /// so Foundation's `Process`, which learns of an exit through such a descriptor, would wait forever.
    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        defer { unlink(output.path); unlink(output.path + ".err") }
        var environment = ProcessInfo.processInfo.environment
        // tmux's server exits at once without a terminal type.
        if (environment["TERM"] ?? "").isEmpty || environment["TERM"] == "dumb" { environment["TERM"] = "xterm-256color" }
        let argv = (["tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, output.path + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The test's threads block signals; tmux's server needs its own (SIGCHLD to reap the program it
        // runs, SIGTERM), so the child starts with none blocked and every handler at its default.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw TerminalFailure("tmux could not be started (error \(spawned)); scripts/install-test-tools installs it") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard status == 0 else {
            let problems = (try? String(contentsOfFile: output.path + ".err", encoding: .utf8)) ?? ""
            throw TerminalFailure("tmux \(arguments.first ?? "") failed (status \(status)): \(problems)")
        }
        return text
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
