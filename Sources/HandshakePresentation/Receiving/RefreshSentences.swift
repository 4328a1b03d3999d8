// Establishes the one wording of what refreshing contacts' cards did (HandshakeIntake's `CardRefresh`), for every
// front end: a line per contact whose card changed or could not be fetched, and a server that did not answer
// said once, with the contacts it leaves as they were.
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
            let changed = changes.isEmpty ? "only its date" : changes.fields.map(\.rawValue).joined(separator: ", ")
            return "\(name): a newer card, which changes \(words: changed)."
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

    /// The sentence of a refresh that found nothing to do.
    public static let nobodyToRefresh: Sentence = "None of your contacts' cards names a server to fetch a newer one from."
}
