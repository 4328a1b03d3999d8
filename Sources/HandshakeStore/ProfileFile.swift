import Foundation
@_spi(Wire) import HandshakeCore

/// The owner's card and sharing profile, kept as readable JSON next to the seed.
///
/// Written atomically (temporary file + rename), so an interrupted write leaves the previous profile.
public struct ProfileFile: Sendable {
    /// The profile file.
    public let url: URL

    /// A profile file at `url`; nothing is read or written until asked.
    public init(url: URL) {
        self.url = url
    }

    struct Contents: Codable {
        var version = 1
        var card: ContactCard
        var shared: [CardField]
        /// Whether issued cards name the owner's server (`CardProfile.namesServer`); absent in older files: on.
        var namesServer: Bool?
    }

    /// The stored profile for `identity`, or `nil` if none has been saved.
    public func load(identity: Identity) throws -> CardProfile? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw StoreError.unreadable(path: url.path, reason: SystemFailure.reason(of: error)) }
        let contents: Contents
        do {
            contents = try JSONDecoder().decode(Contents.self, from: data)
        } catch {
            throw StoreError.corruptProfile(path: url.path, reason: "not valid profile JSON")
        }
        let profile: CardProfile
        do {
            profile = try CardProfile(card: contents.card, sharedFields: Set(contents.shared), namesServer: contents.namesServer ?? true, identity: identity)
        } catch {
            throw StoreError.corruptProfile(path: url.path, reason: error.description)
        }
        // Moves that do not lead to this identity's key would make every card it issues refused.
        if !profile.card.moves.isEmpty {
            do throws(CardRejection) {
                try KeyMoves.check(profile.card.moves, endingAt: identity.sigKey)
            } catch {
                throw StoreError.corruptProfile(path: url.path, reason: error.description)
            }
        }
        return profile
    }

    /// Writes the card and its sharing profile, replacing the previous ones atomically.
    public func save(_ profile: CardProfile) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Contents(card: profile.card, shared: profile.sharedFields.sorted(), namesServer: profile.namesServer))
        let folder = url.deletingLastPathComponent()
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw StoreError.unwritable(path: folder.path, reason: SystemFailure.reason(of: error, creatingFolder: true))
        }
        do { try data.write(to: url, options: [.atomic]) } catch { throw StoreError.unwritable(path: url.path, reason: SystemFailure.reason(of: error)) }
    }
}
