import Foundation
import HandshakeCore
import HandshakeStore
import Testing

@Suite("the seed file")
struct SeedStoreTests {
    static func temporaryStore() -> FileSeedStore {
        FileSeedStore(url: FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString)/identity.seed"))
    }

    @Test("many identities created at once on one home: exactly one is kept, every other is refused with a sentence")
    func concurrentCreation() async throws {
        for _ in 0..<10 {
            let store = Self.temporaryStore()
            defer { try? FileManager.default.removeItem(at: store.url.deletingLastPathComponent()) }
            let seeds = (0..<8).map { _ in IdentitySeed.generate() }
            let outcomes = await withTaskGroup(of: (IdentitySeed, Result<Void, StoreError>).self) { group in
                for seed in seeds {
                    group.addTask {
                        do {
                            try store.saveSeed(seed, replacing: false)
                            return (seed, .success(()))
                        } catch let error as StoreError {
                            return (seed, .failure(error))
                        } catch {
                            return (seed, .failure(.unwritable(path: "", reason: "\(error)")))
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let winners = outcomes.filter { if case .success = $0.1 { true } else { false } }
            #expect(winners.count == 1)
            #expect(outcomes.allSatisfy { if case .failure(let error) = $0.1 { error == .identityExists(path: store.url.path) } else { true } })
            #expect(try store.loadSeed() == winners.first?.0)
            // No temporary files left behind.
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.url.deletingLastPathComponent().path)
            #expect(leftovers == ["identity.seed"])
        }
    }

    @Test("replacing writes the new seed; the file stays owner-only")
    func replacing() throws {
        let store = Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.url.deletingLastPathComponent()) }
        let first = IdentitySeed.generate(), second = IdentitySeed.generate()
        try store.saveSeed(first, replacing: false)
        #expect(throws: StoreError.identityExists(path: store.url.path)) { try store.saveSeed(second, replacing: false) }
        try store.saveSeed(second, replacing: true)
        #expect(try store.loadSeed() == second)
        let mode = try FileManager.default.attributesOfItem(atPath: store.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
