// Establishes the one wording of what refreshing contacts' cards did (HandshakeIntake's `CardRefresh`), for every
// front end: a line per contact whose card changed or could not be fetched, and a server that did not answer
// said once, with the contacts it leaves as they were.
import Foundation
import HandshakeCore
import HandshakeIntake
import HandshakeStore

/// The sentences of a refresh.
public enum RefreshSentences {
    /// What refreshing `result`'s contact did; `nil` for a server that did not answer (``unreachable(_:names:)``
    /// says it once for all of its contacts).
    public static func sentence(_ result: CardRefresh.Result) -> Sentence? {
        let name = result.contact.displayName
        switch result.outcome {
        case .updated(let changes):
            return "\(name): \(words: ChangeWords.card(changes))."
        case .unchanged: return "\(name): up to date."
        case .noServer: return "\(name): their card names no server to fetch a newer one from."
        case .refused(let reason): return "\(name): \(reason) Their card stays as it was."
        case .unreachable: return nil
        }
    }

    /// A server that did not answer, and the contacts it leaves as they were.
    public static func unreachable(_ reason: String, names: [String]) -> Sentence {
        let list = names.joined(separator: ", ")
        return "\(reason) Kept as they were: \(list)."
    }

    /// A contact's last update, as their page and the list mark it: "Updated today: title, phones.",
    /// "Updated yesterday: …", "Updated on 2 Dec 2026: …" (the day in `calendar`, as of `now`).
    public static func updated(_ update: CardUpdate, now: Date = Date(), calendar: Calendar = .current) -> Sentence {
        let day: String
        if calendar.isDate(update.at, inSameDayAs: now) {
            day = "today"
        } else if let yesterday = calendar.date(byAdding: .day, value: -1, to: now), calendar.isDate(update.at, inSameDayAs: yesterday) {
            day = "yesterday"
        } else {
            day = "on " + update.at.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, calendar: calendar, timeZone: calendar.timeZone))
        }
        let changed = ChangeWords.mark(update.changes)
        return "Updated \(words: day): \(words: changed)."
    }

    /// How far back an update marks a contact in the list: a week.
    public static func listMarksUpdates(since now: Date = Date()) -> Date {
        now.addingTimeInterval(-7 * 86_400)
    }

    /// A server whose stream of card changes ended for good (`CardFollowing.Event.stopped`): its contacts are
    /// still refreshed, only not live.
    public static func stoppedFollowing(_ server: ServerOrigin, reason: String) -> Sentence {
        "Not following cards on \(server.origin) live any more: \(reason) Its contacts are still refreshed now and then."
    }

    /// The line that starts following: whose cards, on how many servers.
    public static func following(contacts: Int, servers: Int) -> Sentence {
        let people = contacts == 1 ? "1 contact's card" : "\(contacts) contacts' cards"
        let where_ = servers == 1 ? "1 server" : "\(servers) servers"
        return "Following \(words: people) on \(words: where_)."
    }

    /// The sentence of a refresh that found nothing to do.
    public static let nobodyToRefresh: Sentence = "None of your contacts' cards names a server to fetch a newer one from."
}
