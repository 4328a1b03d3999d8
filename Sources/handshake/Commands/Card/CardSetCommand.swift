import ArgumentParser
import Foundation
import HandshakeAvatar
import HandshakeCore
import HandshakePresentation
import HandshakeStore

struct CardSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change the fields of your card.",
        discussion: """
            Each change moves the card's update time forward, so people who already have your card take \
            the new one next time they receive it. List options replace the whole list: repeat them for \
            several values (--email work@example.com --email home@example.com).

            The fields:
            \(CardFieldArguments.help)

            Examples:
              handshake card set --name "Ada Lovelace" --title "Analyst"
              handshake card set --link github=https://github.com/ada --link mastodon=@ada@example.social
              handshake card set --clear bio --clear phones
            """
    )

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The fields to set, as --FIELD VALUE (listed below).", valueName: "--field value"))
    var fieldArguments: [String] = []
    @Option(name: .customLong("clear"), help: ArgumentHelp("Empty a field (repeat for several).", valueName: "field")) var cleared: [String] = []

    @OptionGroup var output: OutputOptions

    func validate() throws {
        let fields = try CardFieldArguments(fieldArguments)
        guard !fields.isEmpty || !cleared.isEmpty else {
            throw ValidationError("Nothing to change: give at least one field, for example --title \"Analyst\".")
        }
        for field in cleared where CardField(name: field) == nil {
            throw ValidationError("\"\(field)\" is not a card field; fields are: \(CardField.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        do {
            _ = try draft(fields).values()
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The typed fields as the presentation layer's draft (`CardDraft`: the web app's card editor reads its
    /// boxes by the same rule). The photo is not typed: it is read and fitted below.
    private func draft(_ fields: CardFieldArguments) -> CardDraft {
        var draft = CardDraft()
        for (field, values) in fields.values { draft.set(field, entries: values) }
        return draft
    }

    func run() async throws {
        let account = try HandshakeHome.current().account()
        let fields = try CardFieldArguments(fieldArguments)
        var given: [(field: CardField, value: CardFieldValue?)]
        do {
            given = try draft(fields).values()
        } catch {
            throw ValidationError(error.description)
        }
        var fitted: FittedAvatar?
        for (field, values) in fields.values {
            guard case .image = field.kind else { continue }
            // One byte past the photo limit is enough for AvatarPhoto to say it is too large.
            let data = try LocalFile.read(values.last ?? "", limit: AvatarPhoto.maxInputBytes)
            do throws(AvatarPhotoError) { fitted = try AvatarPhoto.fit(data) } catch { throw ValidationError(error.description) }
            if let avatar = fitted?.avatar { given.append((field, .image(avatar))) }
        }
        let profile: CardProfile
        do {
            profile = try account.editCard { card throws(CardFieldError) in
                for field in cleared.compactMap(CardField.init(name:)) { card.fields.clear(field) }
                for (field, value) in given { card.fields[field] = value }
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
        await RegisteredServer.publishNewest(in: HandshakeHome.current())
    }
}
