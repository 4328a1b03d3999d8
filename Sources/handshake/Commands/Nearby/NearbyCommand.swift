import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeExchange

/// `handshake nearby`: the exchange screen in a terminal, and the same flow unattended for scripts.
struct NearbyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby",
        abstract: "Swap cards with someone next to you, both ways, over the local network.",
        discussion: """
            Both people run `handshake nearby`. Each device advertises itself on the local network (a random \
            name new every time, never your identity) and lists the people nearby, each with how many common \
            friends (contacts you both trust) you have: the devices open a secure channel with everyone in the \
            list to find them, before anyone chooses (once per device while the list is open; a device that \
            connects without being in your list is turned away, and the screen says so). Choose one (--select \
            NAME in scripts; a request from anyone else is then declined): both screens show the same 6-digit \
            code; compare it out loud. Then:
              • choose to exchange: your card goes out with a request;
              • the other person accepts (--accept) or declines; 60 seconds without an answer ends the request;
              • if both choose each other at once, the cards simply cross.
            Each received card is verified and bound to this session before it is shown; it is added to your \
            contacts when you say Add (--yes in scripts), with both notes and the common friends. Nothing is \
            stored from an exchange that fails before the cards cross; a card you added stays if it fails \
            after (a bad note, the connection lost), without the meeting.

            Instead of choosing from the list, one person can hand the other a session token (the NFC tap: \
            --token-out FILE here, --token-in FILE there) or show a 12-character code for the other to type \
            (--show-code here, --code CODE there). Either finds the right device with no choosing, and no one \
            else nearby can join or read the exchange. Without a network to advertise on, --listen and \
            --connect HOST:PORT connect two devices directly.
            """
    )

    // MARK: How the two devices meet

    @Option(help: ArgumentHelp("Choose this person from the devices found nearby (their advertised name, or the start of their id) and send your request at once; requests from anyone else are declined.", valueName: "name|id"))
    var select: String?

    @Option(help: ArgumentHelp("Write a session token to this file for the other person to read (the NFC tap), then wait for them; it works once, within 60 seconds. A file ending in .png holds its QR code: one scan is the tap.", valueName: "file"))
    var tokenOut: String?

    @Option(help: ArgumentHelp("Read the other person's session token from this file (as --token-out wrote it, or a picture of its QR code) and connect to their device.", valueName: "file"))
    var tokenIn: String?

    @Flag(help: "Show a 12-character code for the other person to type; it works once, within 5 minutes.")
    var showCode = false

    @Option(help: ArgumentHelp("Type the code the other person's screen shows (e.g. 7KQ1-2M9V-X4DT) and connect to their device.", valueName: "code"))
    var code: String?

    @Flag(help: "Listen for a direct connection (--connect) without advertising on the local network.")
    var listen = false

    @Option(help: ArgumentHelp("Connect straight to the device listening at this address, without discovery.", valueName: "host:port"))
    var connect: String?

    @Option(help: ArgumentHelp("Advertise and browse on this network interface only (e.g. wlan0; default: the first that can multicast).", valueName: "name"))
    var interface: String?

    @Option(help: ArgumentHelp("Listen on this address (default: all).", valueName: "address"))
    var host = "0.0.0.0"

    @Option(help: ArgumentHelp("Listen on this port (default: any free port).", valueName: "port"))
    var port = 0

    @Flag(help: "Show your card's name to the devices nearby while you are looking (otherwise they see only a random id).")
    var showName = false

    @Option(help: ArgumentHelp("With --token-out, --show-code or --code, also meet at this server's relay, for someone no network carries you to (default: your registered server). A typed code names no server: both must use the same one.", valueName: "url"))
    var relay: String?

    @Flag(help: "With --token-out, --show-code or --code, meet on the local network only, even with a registered server.")
    var noRelay = false

    // MARK: What to do once connected

    @Flag(help: "Send your card with a request as soon as the channel is open (the other device is already chosen: by token, code or --connect).")
    var request = false

    @Flag(help: "Accept an incoming request without asking.")
    var accept = false

    @Flag(name: .shortAndLong, help: "Add the received card to your contacts without asking.")
    var yes = false

    @Option(help: ArgumentHelp("Send this note (at most \(NoteLimits.characters) characters) once the cards are swapped.", valueName: "text"))
    var note: String?

    @Flag(name: .customLong("one-way"), help: "Only give your card; ask for none back.")
    var oneWay = false

    @Option(help: ArgumentHelp("Give up after this many seconds without a completed exchange.", valueName: "seconds"))
    var timeout: Int = 300

    @OptionGroup var output: OutputOptions

    func validate() throws {
        let ways = [select != nil, tokenOut != nil, tokenIn != nil, showCode, code != nil, listen, connect != nil].filter { $0 }.count
        if ways > 1 {
            throw ValidationError("Choose one way to meet: --select, --token-out, --token-in, --show-code, --code, --listen or --connect.")
        }
        if let connect, NearbyAddress(connect) == nil {
            throw ValidationError("--connect takes HOST:PORT, e.g. 192.168.1.20:40123.")
        }
        if let code {
            do { _ = try ShortCode(parsing: code) } catch { throw ValidationError("--code: \(error)") }
        }
        if let select, select.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--select needs a name or an id.") }
        if let relay {
            do throws(RelayServerError) { _ = try RelayServer(origin: relay) } catch { throw ValidationError("--relay: \(error.description)") }
            if noRelay { throw ValidationError("--relay and --no-relay say opposite things: give one.") }
        }
        if relay != nil || noRelay, tokenOut == nil, !showCode, code == nil {
            throw ValidationError("--relay and --no-relay go with --token-out, --show-code or --code: a token's reader meets at the relay its token names.")
        }
        if let tokenOut, ["jpg", "jpeg"].contains(URL(fileURLWithPath: tokenOut).pathExtension.lowercased()) {
            throw ValidationError("--token-out writes its picture as PNG: name the file .png.")
        }
        if timeout <= 0 { throw ValidationError("--timeout must be a positive number of seconds.") }
        // The note's own rule (scalars, marks, hidden characters), before anything goes out: a note that could
        // not be sent must not cost the exchange it was written for.
        if let note {
            do throws(NoteError) { _ = try EphemeralNote(note) } catch { throw ValidationError("--note: \(error.description)") }
        }
        if oneWay && !request && select == nil && !Prompt.canAsk {
            throw ValidationError("--one-way gives your card: use it with --request or --select (or choose at a terminal).")
        }
    }

    /// How this run meets the other device.
    var meeting: NearbyCommandMeeting {
        if let select { return .discover(select: select) }
        if let tokenOut { return .giveToken(URL(fileURLWithPath: tokenOut)) }
        if let tokenIn { return .readToken(URL(fileURLWithPath: tokenIn)) }
        if showCode { return .showCode }
        if let code, let parsed = try? ShortCode(parsing: code) { return .typeCode(parsed) }
        if listen { return .listen }
        if let connect, let address = NearbyAddress(connect) { return .connect(address) }
        return .discover(select: nil)
    }

    func run() async throws {
        try await NearbyRunner(options: self).run()
    }
}

/// The ways `handshake nearby` finds the other device, as its flags name them (token files, addresses);
/// `NearbyRunner` turns each into the coordinator's `NearbyMeeting`.
enum NearbyCommandMeeting {
    /// Advertise, browse, and connect to the person chosen (by `--select`, at the terminal, or by them).
    case discover(select: String?)
    /// Issue a session token, write it to the file, and wait for its holder.
    case giveToken(URL)
    /// Read a session token and connect to its issuer.
    case readToken(URL)
    /// Show a short code and wait for the device that types it.
    case showCode
    /// Connect to the device that shows this code.
    case typeCode(ShortCode)
    /// Listen without advertising.
    case listen
    /// Connect to an address.
    case connect(NearbyAddress)
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
