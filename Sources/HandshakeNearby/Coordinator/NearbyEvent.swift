// Establishes what a nearby exchange tells the person as it goes, in the order it happens: the people
// found, the way in (a token handed over, a code shown), the session's screens worth a line, and what
// was kept. A front end shows each in its own words (a terminal line, a list row, a banner); the
// coordinator's decisions are asked for separately (`NearbyFrontEnd`).
import Foundation
import HandshakeCore
import HandshakeExchange
import HandshakeStore

/// Something to show the person during a nearby exchange.
public enum NearbyEvent: Sendable {
    /// This device advertises as `instance` and listens on `port`; `showsName` when its card's name is shown.
    case looking(instance: String, port: Int, showsName: Bool)
    /// Someone appeared in the list, with the number they keep in it.
    case found(NearbyPeer, number: Int)
    /// The common friends with someone in the list were found, before anyone chose: `names` are those of
    /// our own contacts (the list shows how many; the confirm screen who).
    case commonFriendsNearby(NearbyPeer, number: Int, names: [String])
    /// Someone left the list.
    case lost(id: String)
    /// Nobody was found for a while; the sentence says what to check.
    case nobodyFound(String)
    /// What the person typed names nobody in the list.
    case unknownChoice(String)
    /// The list turned a device away (a device not in the list, too many sessions from one address, a request
    /// from someone other than the person chosen); the refusal's description is the sentence. Each is shown
    /// once while the list is open.
    case turnedAway(LobbyRefusal)
    /// Looking for the one device a token or code points at (`what` names it).
    case lookingFor(what: String)
    /// Connecting to the chosen device.
    case connecting(NearbyPeer)
    /// The session token was handed over; it works until `expires`.
    case tokenHandedOver(expires: Date)
    /// The short code to show, and until when it works.
    case codeShown(String, expires: Date)
    /// Listening for a direct connection on `port`.
    case listening(port: Int)
    /// A device without the token (or with a wrong code) tried to connect; still waiting.
    case refusedConnection(reason: String)
    /// The secure channel is open: the confirm screen, the names of the common friends found so far, and the
    /// card this device will give.
    case connected(ConfirmScreen, commonFriendNames: [String], ownCard: SignedCard)
    /// The common friends, once found after the channel opened.
    case commonFriends([String])
    /// The other person asks to exchange; their card is verified and bound to this session.
    case incomingRequest(SignedCard)
    /// Their card arrived, verified and bound; `alreadyShown` when it was shown with their request.
    case received(SignedCard, alreadyShown: Bool)
    /// Their note.
    case note(String)
    /// What the receive rule did with their card.
    case kept(ReceiveOutcome, card: SignedCard)
    /// The session ended.
    case ended(SessionEnding)
    /// Something failed that does not end the exchange (a note not sent, a card not stored); the sentence says what.
    case problem(String)
}
