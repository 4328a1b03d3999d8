import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

@Suite("Identity seed backup code")
struct SeedBackupTests {
    @Test func roundTrip() throws {
        for seed in [Fixture.seed, IdentitySeed.generate(), IdentitySeed.generate()] {
            let code = SeedBackup.code(for: seed)
            #expect(code.count == 15)
            #expect(try SeedBackup.restore(from: code.joined(separator: "-")) == seed)
            #expect(try SeedBackup.restore(from: code.joined(separator: " ").lowercased()) == seed)
        }
        #expect(SeedBackup.code(for: Fixture.seed).joined(separator: "-") == "0400G-20G35-0G2GQ-C1R8P-1450Z-P30DB-1R7HD-048JJ-2CA1V-A5GQ6-30CHM-M6RWR-3MF1V-YJ8HC-ETR05")
    }

    @Test func everyTypoIsLocated() {
        let groups = SeedBackup.code(for: Fixture.seed)
        var flat = Array(groups.joined())
        for position in flat.indices {
            let original = flat[position]
            for replacement in "0123456789ABCDEFGHJKMNPQRSTVWXYZ" where replacement != original {
                flat[position] = replacement
                #expect(throws: SeedBackup.RestoreError.badCode(.typo(groups: [position / 5 + 1]))) {
                    try SeedBackup.restore(from: String(flat))
                }
            }
            flat[position] = original
        }
    }

    @Test func notABackup() throws {
        let card = try CardText.code(Fixture.signedBusinessCard()).joined(separator: "-")
        #expect(throws: SeedBackup.RestoreError.self) { try SeedBackup.restore(from: card) }
        let short = GroupedCode.encode([0x01, 0x02, 0x03])
        #expect(throws: SeedBackup.RestoreError.notABackup) { try SeedBackup.restore(from: short) }
        let future = GroupedCode.encode([0x02] + Fixture.seedBytes)
        #expect(throws: SeedBackup.RestoreError.unsupportedVersion(2)) { try SeedBackup.restore(from: future) }
        #expect(SeedBackup.RestoreError.unsupportedVersion(2).description == "This backup uses format 2; this version of Handshake reads format 1.")
        #expect(throws: SeedBackup.RestoreError.badCode(.empty)) { try SeedBackup.restore(from: "") }
    }
}
