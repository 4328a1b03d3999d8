// Establishes what a person is told after changing their card while registered with a server: the card was
// published there, so contacts who follow it get the change, or it was not, and it is still saved here and
// goes out with the next change. The program says it after `card set`, the web app after Edit my card.

/// The words for publishing a changed card to the registered server.
public enum PublishSentences {
    /// The newest card is on the server now.
    public static func published(to server: String) -> Sentence {
        "Published your card to \(server)."
    }

    /// The server did not take it (`reason`, the client's sentence, when there is room to say it): nothing is
    /// lost, and the next change or registration publishes the newest card.
    public static func notPublished(reason: String? = nil) -> Sentence {
        let said: Sentence = reason.map { "Your card is saved here, but was not published to your server: \($0)" }
            ?? "Your card is saved here, but was not published to your server (it did not answer, or refused it)."
        return "\(said) Your contacts get it with your next change, or when you register with the server again."
    }
}
