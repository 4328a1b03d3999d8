// Establishes how the `handshake` program knows the commit it was built from, for `handshake --version`: before
// every build, a shell asks git for the checkout's commit (with "-modified" when tracked files differ from it)
// and writes it into a Swift file that the program compiles. The file is rewritten only when the text changes,
// so a build on the same commit compiles nothing again. A tree that is not a git checkout still builds: the
// commit is then read from commit-of-archive.txt, which `git archive` fills in (its export-subst attribute),
// or is "unknown".
import Foundation
import PackagePlugin

@main
struct BuildCommitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let generated = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let script = """
            set -u
            mkdir -p "$(dirname "$2")"
            if commit=$(git -C "$1" rev-parse --verify HEAD 2>/dev/null); then
              git -C "$1" diff --quiet HEAD -- 2>/dev/null || commit="$commit-modified"
            else
              commit=$(cat "$3" 2>/dev/null || true)
              case "$commit" in *Format*|"") commit=unknown ;; esac
            fi
            printf '// Written by the BuildCommit plugin before each build.\\nenum BuildCommit {\\n    static let hash = "%s"\\n}\\n' "$commit" > "$2.new"
            if cmp -s "$2.new" "$2"; then rm -f "$2.new"; else mv "$2.new" "$2"; fi
            """
        let packageDirectory = context.package.directoryURL
        return [
            .prebuildCommand(
                displayName: "Recording the commit of \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    "-c", script, "build-commit",
                    packageDirectory.path(percentEncoded: false),
                    generated.appending(path: "BuildCommit.swift").path(percentEncoded: false),
                    packageDirectory.appending(path: "Plugins/BuildCommit/commit-of-archive.txt").path(percentEncoded: false),
                ],
                outputFilesDirectory: generated
            )
        ]
    }
}
