import ArgumentParser
import Foundation

/// The `handshake` program: every Handshake flow, for a person at a terminal and for scripts.
@main
struct Handshake: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handshake",
        abstract: "Exchange signed contact cards in person, and keep them verifiable.",
        discussion: """
            Your identity and card live in $HANDSHAKE_HOME (default: $XDG_DATA_HOME/handshake, \
            or ~/.local/share/handshake).

            Start with:
              handshake init --name "Ada Lovelace"
              handshake card set --company "Analytical Engines" --email ada@example.com
              handshake card export --format qr-text
            Receive someone's card and manage your contacts:
              handshake add CARD        (a file, - for standard input, or the card text)
              handshake scan TEXT       (what any scanned code is: card, credential, request…)
              handshake contacts
              handshake contact show WHO
            Run the mailbox server for people who are apart, and use one:
              handshake serve
              handshake server register --server URL
              handshake link create        (then: handshake request send LINK)
              handshake requests
            """,
        version: ProgramVersion.description,
        subcommands: [
            InitCommand.self, ShareCommand.self, CardCommand.self, IdentityCommand.self,
            AddCommand.self, ScanCommand.self, PresentCommand.self, ContactsCommand.self, ContactCommand.self, PreferencesCommand.self, ImportCommand.self,
            NearbyCommand.self, AppCommand.self,
            ServeCommand.self, ServerCommand.self, LinkCommand.self, RequestCommand.self, RequestsCommand.self, EventsCommand.self, VerifierCommand.self,
        ]
    )

    /// Runs the program with Handshake's exit codes: 0 success, 1 when the work itself failed (a card was
    /// rejected, a file is missing), 2 when the command line was wrong.
    static func main() async {
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            // A malformed command line: say what is wrong and show the usage of the command that was meant.
            if exitCode(for: error) == .validationFailure { exitForUsage(fullMessage(for: error)) }
            exit(withError: error)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                var command = command
                try command.run()
            }
        } catch {
            // A value the command rejected once it looked closer (a name too long for a card): the message
            // alone is clearer than the usage of the root command.
            if exitCode(for: error) == .validationFailure { exitForUsage("Error: " + message(for: error)) }
            if let hint = ErrorHints.hint(for: error) {
                FileHandle.standardError.write(Data(TerminalText.escaped("Error: \(message(for: error))\n\(hint)\n").utf8))
                Foundation.exit(1)
            }
            // The message may quote text from outside (a claim, a name): one that holds a character that could
            // control the terminal is written escaped, as every line is; help and clean exits are left alone.
            let text = message(for: error)
            if exitCode(for: error) == .success || TerminalText.escaped(text) == text { exit(withError: error) }
            FileHandle.standardError.write(Data(TerminalText.escaped("Error: \(text)\n").utf8))
            Foundation.exit(exitCode(for: error).rawValue)
        }
    }

    private static func exitForUsage(_ text: String) -> Never {
        FileHandle.standardError.write(Data((text + "\n").utf8))
        Foundation.exit(2)
    }
}
