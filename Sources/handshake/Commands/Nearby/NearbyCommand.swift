import ArgumentParser
import Foundation

/// `handshake nearby`: the exchange screen in a terminal, and the same flow unattended for scripts.
struct NearbyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby",
        abstract: "Swap cards with someone next to you, both ways, over the local network.",
        discussion: """
            Both people run `handshake nearby`. One listens (the default); the other connects to it. The two \
            devices open a secure channel and both screens show the same 6-digit code: compare it out loud. \
            Common friends (contacts you both trust) are shown before anyone decides. Then:
              • choose to exchange (--select in scripts): your card goes out with a request;
              • the other person accepts (--accept) or declines; 60 seconds without an answer ends the request;
              • if both choose each other at once, the cards simply cross.
            Each received card is verified and bound to this session before it is shown; it is added to your \
            contacts when you say Add (--yes in scripts), with both notes and the common friends. Nothing is \
            stored from an exchange that did not complete.
            """
    )

    @Option(help: ArgumentHelp("Connect to the device listening at this address instead of listening.", valueName: "host:port"))
    var connect: String?

    @Option(help: ArgumentHelp("Listen on this address (an interface's address; default: all).", valueName: "address"))
    var host = "0.0.0.0"

    @Option(help: ArgumentHelp("Listen on this port (default: any free port, printed when listening).", valueName: "port"))
    var port = 0

    @Flag(help: "Choose the other person at once: send your card with a request as soon as the channel is open.")
    var select = false

    @Flag(help: "Accept an incoming request without asking.")
    var accept = false

    @Flag(name: .shortAndLong, help: "Add the received card to your contacts without asking.")
    var yes = false

    @Option(help: ArgumentHelp("Send this note (at most 140 characters) once the cards are swapped.", valueName: "text"))
    var note: String?

    @Flag(name: .customLong("one-way"), help: "Only give your card; ask for none back.")
    var oneWay = false

    @Option(help: ArgumentHelp("Give up after this many seconds without a completed exchange.", valueName: "seconds"))
    var timeout: Int = 300

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let connect, NearbyAddress(connect) == nil {
            throw ValidationError("--connect takes HOST:PORT, e.g. 192.168.1.20:40123.")
        }
        if timeout <= 0 { throw ValidationError("--timeout must be a positive number of seconds.") }
        if let note, note.count > 140 { throw ValidationError("A note can have at most 140 characters; this one has \(note.count).") }
        if oneWay && accept && !select { throw ValidationError("--one-way gives your card; use it with --select (or choose interactively).") }
    }

    func run() async throws {
        let runner = try await NearbyRunner(options: self)
        try await runner.run()
    }
}

/// `HOST:PORT`, with the port last so IPv6 literals in brackets work too.
struct NearbyAddress: Equatable {
    let host: String
    let port: Int

    init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port) else { return nil }
        let host = text[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard !host.isEmpty else { return nil }
        self.host = host
        self.port = port
    }
}
