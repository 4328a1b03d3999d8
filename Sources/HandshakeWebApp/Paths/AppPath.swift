// Establishes every address of the app by name, once: the router registers each route at its path's
// pattern, and the screens link and post to the same values, so no path is a literal shared by the two. A
// contact's paths carry its id (`/contacts/42/edit`); their pattern names it as the router's parameter `id`.
// What a change did travels with the redirect as `?done=` (Outcome).

/// An address of the app.
enum AppPath: Hashable, Sendable {
    case home
    case stylesheet
    case script
    case contacts
    /// The list alone, for the search box's script.
    case contactResults
    case contact(Int64)
    case editContact(Int64)
    case verifyContact(Int64)
    /// Your chat preferences for this contact (each a choice, or your default).
    case contactPreferences(Int64)
    /// The confirmation page (GET) and the deletion itself (POST).
    case deleteContact(Int64)
    /// Their signed card as a vCard file.
    case contactCard(Int64)
    /// A stream that says when anyone in the book changed (added, updated by a newer card, edited, deleted):
    /// the list redraws itself with its search and filters as they are.
    case contactsStream
    /// Who they are by their card, alone: the part of their page redrawn when the card changes.
    case contactLive(Int64)
    /// A stream that says when the contact changed (a newer card of theirs kept, by a refresh or their server).
    case contactStream(Int64)
    case myCard
    case editCard
    case cardPhoto
    case removeCardPhoto
    case add
    case keepCard
    case addPicture
    case nearby
    case nearbyLive
    case nearbyStream
    case startNearby
    case chooseNearby
    case answerNearby
    case stopNearby
    /// Looking again after nobody was found.
    case retryNearby
    /// Done on the success screen (or Start again after an ending).
    case doneNearby
    /// Their request, as the banner on every other screen shows it.
    case nearbyBanner
    case requests
    case requestsLive
    case requestsStream
    case requestsBadge
    case answerRequest
    case sendRequest
    case makeShareLink
    case settings
    case showBackup
    case moveKey
    case connectServer
    case saveDefaults

    /// The name of the router's parameter that holds a contact's id.
    static let contactParameter = "id"

    /// The path as the router matches it: a contact's id is `{id}`.
    var pattern: String {
        switch self {
        case .home: "/"
        case .stylesheet: "/static/app.css"
        case .script: "/static/app.js"
        case .contacts: "/contacts"
        case .contactResults: "/contacts/results"
        case .contactsStream: "/contacts/stream"
        case .contact: "/contacts/{id}"
        case .editContact: "/contacts/{id}/edit"
        case .verifyContact: "/contacts/{id}/verify"
        case .contactPreferences: "/contacts/{id}/preferences"
        case .deleteContact: "/contacts/{id}/delete"
        case .contactCard: "/contacts/{id}/card.vcf"
        case .contactLive: "/contacts/{id}/live"
        case .contactStream: "/contacts/{id}/stream"
        case .myCard: "/card"
        case .editCard: "/card/edit"
        case .cardPhoto: "/card/photo"
        case .removeCardPhoto: "/card/photo/remove"
        case .add: "/add"
        case .keepCard: "/add/keep"
        case .addPicture: "/add/picture"
        case .nearby: "/nearby"
        case .nearbyLive: "/nearby/live"
        case .nearbyStream: "/nearby/stream"
        case .startNearby: "/nearby/start"
        case .chooseNearby: "/nearby/choose"
        case .answerNearby: "/nearby/answer"
        case .stopNearby: "/nearby/stop"
        case .retryNearby: "/nearby/retry"
        case .doneNearby: "/nearby/done"
        case .nearbyBanner: "/nearby/banner"
        case .requests: "/requests"
        case .requestsLive: "/requests/live"
        case .requestsStream: "/requests/stream"
        case .requestsBadge: "/requests/badge"
        case .answerRequest: "/requests/answer"
        case .sendRequest: "/requests/send"
        case .makeShareLink: "/requests/link"
        case .settings: "/settings"
        case .showBackup: "/settings/backup"
        case .moveKey: "/settings/move-key"
        case .connectServer: "/settings/server"
        case .saveDefaults: "/settings/defaults"
        }
    }

    /// The contact a path is about, if any.
    var contactID: Int64? {
        switch self {
        case .contact(let id), .editContact(let id), .verifyContact(let id), .contactPreferences(let id), .deleteContact(let id),
            .contactCard(let id), .contactLive(let id), .contactStream(let id): id
        default: nil
        }
    }

    /// Where a link or a form goes: the pattern with the contact's id in place.
    var href: String {
        guard let id = contactID else { return pattern }
        return pattern.replacingOccurrences(of: "{\(Self.contactParameter)}", with: String(id))
    }

    /// The page with the notice of what a change did (`/contacts/42?done=added`).
    func href(done outcome: Outcome) -> String { href + "?" + Outcome.queryName + "=" + outcome.rawValue }

    /// A place within the page: the element with id `fragment` (`/settings#server`).
    func href(fragment: String) -> String { href + "#" + fragment }
}
