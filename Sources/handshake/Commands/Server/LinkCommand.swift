import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeQR

/// `handshake link create|resolve|revoke`: one-time share links on the registered server.
struct LinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Create, resolve or revoke one-time share links.",
        subcommands: [LinkCreateCommand.self, LinkResolveCommand.self, LinkRevokeCommand.self]
    )
}

struct LinkCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a share link: valid 24 hours, for one friend request.",
        discussion: "Prints the https link and its QR code. At most 20 links an hour."
    )

    @Flag(help: "Print the link as JSON (token, url, appUrl, expiresAt).")
    var json = false

    func run() throws {
        let home = HandshakeHome.current()
        var client = try MailboxClient.registered(in: home)
        try client.signIn(try home.identity())
        let link = try client.call("POST", "/v1/share-links")
        guard let url = link["url"] as? String else { throw CommandFailure("The server returned no link.") }
        if json {
            let data = try JSONSerialization.data(withJSONObject: link, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        print(url)
        if let code = try? QRCode(encoding: url) { print(TerminalRenderer(style: .ansi).render(code)) }
        print("Valid until \(link["expiresAt"] as? String ?? "24 hours from now"), for one friend request.")
    }
}

struct LinkResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Show the verified card behind a share link (does not use the link up)."
    )

    @Argument(help: ArgumentHelp("The link (https://…/share/contact/TOKEN or handshake://contact/TOKEN) or the token.", valueName: "link"))
    var link: String

    func run() throws {
        guard let token = ShareLinkText.token(in: link) else { throw CommandFailure("\"\(link)\" is not a share link or token.") }
        let client = try MailboxClient.registered(in: HandshakeHome.current())
        let resolved: [String: Any]
        do {
            resolved = try client.call("GET", "/v1/share-links/\(token)")
        } catch let refusal as MailboxClient.Refusal {
            throw CommandFailure(refusal.message)
        }
        let card = try MailboxClient.verifiedCard(resolved["card"])
        print("Card behind this link, signed by its owner:")
        CardPrinter.print(card.card)
        print("Send a friend request with: handshake request send \(token)")
    }
}

struct LinkRevokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Withdraw one of your share links.")

    @Argument(help: ArgumentHelp("The link or its token.", valueName: "link"))
    var link: String

    func run() throws {
        guard let token = ShareLinkText.token(in: link) else { throw CommandFailure("\"\(link)\" is not a share link or token.") }
        let home = HandshakeHome.current()
        var client = try MailboxClient.registered(in: home)
        try client.signIn(try home.identity())
        do {
            try client.call("DELETE", "/v1/share-links/\(token)")
        } catch let refusal as MailboxClient.Refusal {
            throw CommandFailure(refusal.code == "link_unknown" ? "You have no such link." : refusal.message)
        }
        print("Revoked; the link no longer works.")
    }
}
