import ArgumentParser
import Foundation
import HandshakeAvatar
import HandshakeCore
import HandshakeStore

struct CardSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change the fields of your card.",
        discussion: """
            Each change moves the card's update time forward, so people who already have your card take \
            the new one next time they receive it. List options replace the whole list: repeat them for \
            several values (--email work@example.com --email home@example.com).

            Examples:
              handshake card set --name "Ada Lovelace" --title "Analyst"
              handshake card set --link github=https://github.com/ada --link mastodon=@ada@example.social
              handshake card set --clear bio --clear phones
            """
    )

    @Option(help: "Your name (up to 64 characters).") var name: String?
    @Option(help: "A few words about you (up to 256 characters).") var bio: String?
    @Option(help: "Where you are, as you want to say it (up to 128 characters).") var location: String?
    @Option(help: "Your company or organisation.") var company: String?
    @Option(help: "Your job title.") var title: String?
    @Option(name: .customLong("email"), help: "An email address (repeat for several; up to 8).") var emails: [String] = []
    @Option(name: .customLong("phone"), help: "A phone number (repeat for several; up to 8).") var phones: [String] = []
    @Option(name: .customLong("link"), help: ArgumentHelp("A link: PLATFORM=URL, PLATFORM=@handle or PLATFORM=@handle=URL (repeat; up to 16).", valueName: "platform=url"))
    var links: [String] = []
    @Option(name: .customLong("skill"), help: "A skill (repeat for several; up to 32).") var skills: [String] = []
    @Option(help: ArgumentHelp("A PNG or JPEG picture; one over 64 KB is shrunk to fit, as phones do.", valueName: "file"))
    var avatar: String?
    @Option(name: .customLong("clear"), help: ArgumentHelp("Empty a field (repeat for several).", valueName: "field")) var cleared: [String] = []

    @OptionGroup var output: OutputOptions

    func validate() throws {
        let anything = [name, bio, location, company, title, avatar].contains { $0 != nil }
            || !(emails.isEmpty && phones.isEmpty && links.isEmpty && skills.isEmpty && cleared.isEmpty)
        guard anything else { throw ValidationError("Nothing to change: give at least one field, for example --title \"Analyst\".") }
        for field in cleared where CardField(name: field) == nil {
            throw ValidationError("\"\(field)\" is not a card field; fields are: \(CardField.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        for link in links where SocialLink(commandLine: link) == nil {
            throw ValidationError("\"\(link)\" is not a link; write PLATFORM=URL, for example github=https://github.com/ada.")
        }
    }

    func run() throws {
        let account = try HandshakeHome.current().account()
        let fitted = try avatar.map { path -> FittedAvatar in
            guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("\(path) can't be read.") }
            do throws(AvatarPhotoError) { return try AvatarPhoto.fit([UInt8](data)) } catch { throw ValidationError(error.description) }
        }
        let avatarData = fitted?.avatar
        let profile: CardProfile
        do {
            profile = try account.editCard { card throws(CardFieldError) in
                for field in cleared.compactMap(CardField.init(name:)) { card.fields.clear(field) }
                if let name { card.name = name }
                if let bio { card.bio = bio }
                if let location { card.location = location }
                if let company { card.company = company }
                if let title { card.title = title }
                if !emails.isEmpty { card.emails = emails }
                if !phones.isEmpty { card.phones = phones }
                if !links.isEmpty { card.links = links.compactMap(SocialLink.init(commandLine:)) }
                if !skills.isEmpty { card.skills = skills }
                if let avatarData { card.avatar = avatarData }
            }
        } catch let error as CardFieldError {
            // Each value was fine on its own but the card as a whole would be refused: not a usage error.
            if case .cardTooLarge = error { throw CommandFailure(error.description + " Nothing was changed.") }
            throw ValidationError(error.description)
        }
        if output.json {
            try Output.json(OwnCardJSON(card: profile.card, shared: profile.sharedFields.sorted()))
        } else {
            if let fitted, let shrink = fitted.shrink {
                print("The photo (\(shrink.from), \(shrink.originalBytes.groupedDigits) bytes) was shrunk to \(shrink.to), \(fitted.avatar.data.count.groupedDigits) bytes, to fit on your card.")
            }
            CardPrinter.print(profile.card, shared: profile.sharedFields)
        }
    }
}
