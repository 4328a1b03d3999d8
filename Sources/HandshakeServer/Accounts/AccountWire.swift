import HandshakeMailbox
import Hummingbird

// The auth and account bodies are HandshakeMailbox's (one definition for server and client); the server
// only sends them as JSON responses.
extension ChallengeResponse: ResponseEncodable {}
extension TokenResponse: ResponseEncodable {}
extension AccountResponse: ResponseEncodable {}
extension PublishedCardResponse: ResponseEncodable {}
