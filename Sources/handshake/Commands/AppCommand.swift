import ArgumentParser
import Foundation
import HandshakeWebApp

/// `handshake app`: serves Handshake's screens to this computer's browser, on a loopback address of the
/// home's own, and opens it.
struct AppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Open Handshake's screens in your browser.",
        discussion: """
            Serves the app on this computer only, at a loopback address of its own (127.x.y.z, chosen once per \
            home and kept in app-address; 127.0.0.1 where the system has no other, as on macOS), prints its \
            link and opens your browser at it. \
            The link carries a secret made for this launch: only a browser given the link can use the app, \
            and it stops working when the app stops. The app uses the same home as the program, so both \
            can run at once. Stop it with Ctrl-C.
              handshake app
              handshake app --port 7430 --no-open
            """
    )

    @Option(help: "The port to serve on (default: any free port).")
    var port: Int?

    @Flag(help: "Print the link without opening a browser.")
    var noOpen = false

    func validate() throws {
        if let port, !(1...65535).contains(port) { throw ValidationError("--port must be between 1 and 65535.") }
    }

    func run() async throws {
        let home = HandshakeHome.current()
        let account = try home.account()
        let opens = !noOpen
        let address = AppAddress.remembered(in: home.url)
        try await LocalWebApp(account: account, mailbox: RegisteredServer.registration(in: home), address: address, port: port ?? 0).run { url in
            Output.line("Handshake is open at \(url.absoluteString)")
            Output.line("Keep this link to yourself: it opens your contacts. Stop the app with Ctrl-C.")
            if opens { Self.openBrowser(url) }
        }
    }

    /// Opens `url` in the default browser (xdg-open, or open on macOS); a computer without one keeps the
    /// printed link.
    static func openBrowser(_ url: URL) {
        let opener = FileManager.default.isExecutableFile(atPath: "/usr/bin/open") ? "/usr/bin/open" : "/usr/bin/xdg-open"
        guard FileManager.default.isExecutableFile(atPath: opener) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
