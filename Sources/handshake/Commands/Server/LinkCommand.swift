import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeQR

/// `handshake link create|resolve|revoke`: one-time share links on the registered server.
struct LinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Create, resolve or revoke one-time share links.",
        subcommands: [LinkCreateCommand.self, LinkResolveCommand.self, LinkRevokeCommand.self]
    )

    /// `text` as a share link, or the library's sentence for why it is not one.
    static func read(_ text: String) throws -> ShareLink {
        do throws(ShareLinkError) {
            return try ShareLink(validating: text)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}

struct LinkCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a share link, for one friend request, valid as long as the server says (a day by default).",
        discussion: "Prints the https link and its QR code. At most 20 links an hour."
    )

    @Flag(help: "Print the link as JSON (token, url, appUrl, expiresAt).")
    var json = false

    /// What `--json` prints: the link's two forms and its expiry, as the server's API names them.
    struct Report: Encodable {
        let token: String
        let url: String
        let appUrl: String
        let expiresAt: String
    }

    func run() async throws {
        let created = try await RegisteredServer.client(in: HandshakeHome.current()).createShareLink()
        let url = created.link.description
        if json {
            try Output.json(Report(token: created.link.token, url: url, appUrl: created.link.appURL, expiresAt: created.expiresAt.formatted(.iso8601)))
            return
        }
        print("\(url)")
        if let code = try? QRCode(encoding: url) { Output.graphics(TerminalRenderer(style: .ansi).render(code)) }
        print("Valid until \(created.expiresAt.formatted(.iso8601)), for one friend request.")
    }
}

struct LinkResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Show the verified card behind a share link (does not use the link up)."
    )

    @Argument(help: ArgumentHelp("The link (https://…/share/contact/TOKEN/NODE-ID or handshake://contact/TOKEN/NODE-ID) or the token.", valueName: "link"))
    var link: String

    func run() async throws {
        let shareLink = try LinkCommand.read(link)
        // Resolved where the link says, within the addresses the library's rule allows, as `add` does.
        let registered = RegisteredServer.registration(in: HandshakeHome.current()).server()
        guard let client = MailboxClient.resolving(shareLink, registered: registered) else {
            throw CommandFailure("This link names no server, and you have none yet. Register with one first: handshake server register --server URL")
        }
        let resolved = try await client.resolve(shareLink)
        print("Card behind this link, signed by its owner:")
        CardPrinter.print(resolved.card.card)
        print("Send a friend request with: handshake request send \(shareLink.token)")
    }
}

struct LinkRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Withdraw one of your share links.")

    @Argument(help: ArgumentHelp("The link or its token.", valueName: "link"))
    var link: String

    func run() async throws {
        let shareLink = try LinkCommand.read(link)
        do {
            try await RegisteredServer.client(in: HandshakeHome.current()).revoke(shareLink)
        } catch .refused(.linkUnknown, _) as MailboxClientError {
            throw CommandFailure("You have no such link.")
        }
        print("Revoked; the link no longer works.")
    }
}
