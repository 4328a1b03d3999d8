// Establishes why a nearby exchange ended without completing, as sentences a person understands: the
// way in failed (discovery unavailable, a token or code expired or used up, nobody found), or the
// session ended short. What it does not carry: why a session's channel failed in detail (`SessionEnding`).
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange

/// Why a nearby exchange did not complete.
public enum NearbyCoordinatorError: HandshakeError, Equatable {
    /// Local-network discovery cannot start (no interface that multicasts, the port is taken…); the sentence
    /// says what to do instead.
    case discoveryUnavailable(String)
    /// The listener, a connection or another transport failed.
    case transport(String)
    /// The session token could not be handed over.
    case handOverFailed(String)
    /// Nobody used the session token before it expired.
    case tokenExpired
    /// Nobody typed the code before it expired.
    case codeExpired
    /// The one attempt on a short code failed (the code did not match, or its exchange failed).
    case codeFailed(ShortCodeError, shownHere: Bool)
    /// The device a token or code points at was not found in time.
    case notFound(what: String)
    /// Two devices nearby matched; the sentence says what to do.
    case ambiguous(String)
    /// More than one device nearby shows the name the person chose (or one that looks like it), with these
    /// instance-name starts (``NearbyPeer/shortID``): none was taken.
    case sameName(String, shortIDs: [String])
    /// The other device was met neither on the network nor through the relay; each sentence says why.
    case notMet(network: String, relay: String)
    /// No exchange completed within the time limit; `relay` says why the relay could not carry it, when it
    /// could not (a room it refused, a server not reached).
    case timedOut(seconds: Int, relay: String? = nil)
    /// The time limit passed while nobody in the list of people nearby answered to the person's choice (a
    /// script's `--select`): nothing was exchanged.
    case nobodyChosen(String, seconds: Int)
    /// The person stopped it (the task running it was cancelled).
    case stopped
    /// The session ended without completing.
    case notCompleted(SessionEnding?)
    /// The session ended short of a completed exchange, with the sentence its ended screen shows
    /// (`NearbySnapshot.Ended.sentence`: the other person by name, and whether their card stays), so the run's
    /// failure and the screen say one thing.
    case endedShort(SessionEnding, sentence: String)
    /// The run ended short (as the inner error says) after the person added the other's card: the card
    /// stays in the contacts, and the meeting is not recorded.
    indirect case endedAfterKeeping(NearbyCoordinatorError, name: String)

    /// A sentence for the person.
    public var description: String {
        switch self {
        case .discoveryUnavailable(let sentence): sentence
        case .transport(let reason): reason
        case .handOverFailed(let reason): reason
        case .tokenExpired: "Nobody used the session token before it expired. Nothing was stored; run again for a new one."
        case .codeExpired: "Nobody typed the code within 5 minutes. Nothing was stored; run again for a new one."
        case .codeFailed(let error, let shownHere): shownHere ? "\(error.description) This code is used up; run again for a new one." : error.description
        case .notFound(let what): "No device nearby is waiting: \(what) was not found in time. Are both devices on the same network?"
        case .notMet(let network, let relay): "Nobody was met. On this network: \(network) Through the server: \(relay) Nothing was exchanged."
        case .ambiguous(let sentence): sentence
        case .sameName(let name, let ids):
            "\(ids.count) devices nearby show the name “\(name)”, and a name is only what a device claims: none was chosen. Choose one by the start of its id (\(ids.map { UntrustedText.inline($0, limit: 6) }.joined(separator: ", "))). Nothing was exchanged."
        case .timedOut(let seconds, let relay):
            "No exchange completed within \(Self.seconds(seconds)).\(relay.map { " Through the server: \($0)" } ?? "") Nothing was stored."
        case .nobodyChosen(let choice, let seconds):
            "Nobody in the list of people nearby answered to “\(choice)” within \(Self.seconds(seconds)). Nothing was stored."
        case .notCompleted(let ending): ending?.description ?? "The exchange did not complete. Nothing was stored."
        case .endedShort(_, let sentence): sentence
        case .stopped: "You stopped the exchange. Nothing was stored."
        case .endedAfterKeeping(let error, let name):
            // The inner sentence says why it ended; what was stored is said here instead.
            "\(error.description.replacingOccurrences(of: " Nothing was stored.", with: "")) \(name) stays in your contacts; the meeting was not recorded."
        }
    }
}

extension NearbyCoordinatorError {
    static func seconds(_ count: Int) -> String { count == 1 ? "1 second" : "\(count) seconds" }

    /// Whether the session ended short: its sentence already says what was kept.
    var isEndedShort: Bool {
        if case .endedShort = self { return true }
        return false
    }

    /// The sentence for discovery that cannot start, with what to do.
    static func unavailable(_ error: any Error) -> NearbyCoordinatorError {
        if let error = error as? NearbyDiscoveryError {
            return .discoveryUnavailable("\(error.description) (Or connect directly: --listen on one device, --connect HOST:PORT on the other.)")
        }
        return .discoveryUnavailable("Nearby discovery cannot start: \(error).")
    }
}
