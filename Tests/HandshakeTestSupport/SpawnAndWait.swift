// Establishes how a test runs a command that leaves a daemon behind (a tmux server, a PostgreSQL
// cluster): spawned directly and waited for with waitpid. Foundation's `Process` learns of an exit through
// a descriptor the child inherits, and a daemon started by the command keeps that descriptor open, so
// `waitUntilExit` would wait for ever. It does not stop the daemon; the command's own counterpart does.
import Foundation

/// What a spawned command printed, and how it ended.
public struct SpawnResult: Sendable {
    /// The exit status from `waitpid` (0 for success).
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs `program` (found on PATH) with `arguments`, waits for it with waitpid, and returns its output.
///
/// The test's threads block signals; a daemon needs its own (SIGCHLD to reap its children, SIGTERM), so the
/// child starts with none blocked and every handler at its default. Standard input is /dev/null; standard
/// output and error go to files, so nothing the daemon keeps open can hold the test.
public func spawnAndWait(_ program: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws
    -> SpawnResult
{
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)")
    defer { unlink(output.path); unlink(output.path + ".err") }
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, output.path + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
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
    let spawned = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw Tool.Failure("\(program) could not be started (error \(spawned)); scripts/install-test-tools installs it") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return SpawnResult(
        status: status, stdout: (try? String(contentsOf: output, encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOfFile: output.path + ".err", encoding: .utf8)) ?? "")
}
