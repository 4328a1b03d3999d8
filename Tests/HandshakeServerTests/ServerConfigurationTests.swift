import Foundation
import HandshakeServer
import Testing

/// What an operator may set when starting a server (`MailboxServer.Configuration`): each number's range,
/// with the sentence `handshake serve` prints for a value outside it, the public URL, and the policy and
/// server a valid configuration gives.
@Suite struct ServerConfigurationTests {
    typealias Configuration = MailboxServer.Configuration

    @Test func theDefaultsAreValid() throws {
        try Configuration().validate()
        #expect(Configuration().defaultPublicURL == "http://127.0.0.1:8080")
    }

    @Test func eachNumberIsCheckedAtBothEndsOfItsRange() {
        let ranges: [(MailboxServer.Setting, WritableKeyPath<Configuration, Int>, lowest: Int, highest: Int?)] = [
            (.port, \.port, 1, 65_535), (.requestTimeLimit, \.requestTimeLimit, 1, 3_600), (.linkLifetime, \.linkLifetime, 1, 2_592_000),
            (.signInsPerMinute, \.signInsPerMinute, 1, nil), (.friendRequestsPerHour, \.friendRequestsPerHour, 1, nil),
            (.requestsReceivedPerHour, \.requestsReceivedPerHour, 1, nil), (.relayConnections, \.relayConnections, 1, nil),
            (.relayConnectionsPerAddress, \.relayConnectionsPerAddress, 1, nil), (.relayArrivalsPerMinute, \.relayArrivalsPerMinute, 1, nil),
        ]
        #expect(ranges.map(\.0) == MailboxServer.Setting.allCases)
        for (setting, keyPath, lowest, highest) in ranges {
            var configuration = Configuration()
            for inside in [lowest, highest ?? 1_000_000] {
                configuration[keyPath: keyPath] = inside
                #expect(throws: Never.self, "\(setting) = \(inside)") { try configuration.validate() }
            }
            for outside in [lowest - 1, -5] + (highest.map { [$0 + 1] } ?? []) {
                configuration[keyPath: keyPath] = outside
                #expect(throws: MailboxServerConfigurationError.outOfRange(setting, value: outside)) { try configuration.validate() }
            }
        }
    }

    @Test func theSentencesNameTheOptionAndItsRange() {
        let sentences: [(MailboxServer.Setting, Int, String)] = [
            (.port, 0, "--port must be between 1 and 65535; 0 was given."),
            (.requestTimeLimit, 3_601, "--request-time-limit must be between 1 and 3600 seconds; 3601 was given."),
            (.linkLifetime, -5, "--link-lifetime must be between 1 second and 30 days (2592000); -5 was given."),
            (.signInsPerMinute, 0, "--sign-ins-per-minute must be at least 1; 0 was given."),
            (.friendRequestsPerHour, 0, "--friend-requests-per-hour must be at least 1; 0 was given."),
            (.requestsReceivedPerHour, -1, "--requests-received-per-hour must be at least 1; -1 was given."),
            (.relayConnections, 0, "--relay-connections must be at least 1; 0 was given."),
            (.relayConnectionsPerAddress, 0, "--relay-connections-per-address must be at least 1; 0 was given."),
            (.relayArrivalsPerMinute, 0, "--relay-arrivals-per-minute must be at least 1; 0 was given."),
        ]
        for (setting, value, sentence) in sentences {
            #expect(MailboxServerConfigurationError.outOfRange(setting, value: value).description == sentence)
        }
        #expect(
            MailboxServerConfigurationError.publicURLNotHTTP.description
                == "--public-url must be an http or https address with no path, such as https://handshake.example.org.")
    }

    @Test func thePublicURLIsAnHTTPAddressWithAHost() throws {
        var configuration = Configuration()
        for good in ["https://handshake.example.org", "http://127.0.0.1:9000/", "HTTPS://mailbox.example"] {
            configuration.publicURL = good
            #expect(throws: Never.self, "\(good)") { try configuration.validate() }
        }
        for bad in [
            "ftp://handshake.example.org", "handshake.example.org", "https://", "https:///path", "", "javascript:alert(1)",
            "https://mailbox.example/base", "https://u:p@mailbox.example", "https://mailbox.example/?q=1", "https://mailbox.example/#f",
        ] {
            configuration.publicURL = bad
            #expect(throws: MailboxServerConfigurationError.publicURLNotHTTP, "\(bad)") { try configuration.validate() }
        }
        configuration.host = "::1"
        configuration.port = 9000
        #expect(configuration.defaultPublicURL == "http://[::1]:9000")
    }

    @Test func aValidConfigurationGivesThePolicyAndTheServer() throws {
        var configuration = Configuration()
        configuration.linkLifetime = 600
        configuration.trustForwardedFor = true
        configuration.signInsPerMinute = 5_000
        configuration.friendRequestsPerHour = 7
        configuration.requestsReceivedPerHour = 3
        configuration.requestTimeLimit = 12
        let policy = configuration.policy()
        #expect(policy.shareLinkLifetime == 600 && policy.trustForwardedFor)
        #expect(policy.friendRequests.perSender == 7 && policy.friendRequests.perReceiver == 3)
        // One address's share is never more than the instance's in all.
        #expect(policy.challengesPerAddressPerMinute == 5_000 && policy.challengesPerMinute == 5_000 && policy.knownKeyChallengesPerMinute == 5_000)
        configuration.signInsPerMinute = 10
        #expect(configuration.policy().challengesPerMinute == MailboxPolicy().challengesPerMinute)
        configuration.relayConnections = 40
        configuration.relayConnectionsPerAddress = 2
        configuration.relayArrivalsPerMinute = 9
        let relay = configuration.policy().relay
        #expect(relay.connections == 40 && relay.connectionsPerAddress == 2 && relay.arrivalsPerAddressPerMinute == 9)
        #expect(relay.roomBytes == RelayLimits().roomBytes, "what a room carries is the protocol's, not a setting")
        configuration.relayConnectionsPerAddress = 100
        #expect(configuration.policy().relay.connectionsPerAddress == 40, "one address's share is never more than the instance's")

        let storage = try SQLiteStorage.inMemory()
        let implicit = try MailboxServer(storage: storage, configuration: configuration)
        #expect(implicit.publicURL == "http://127.0.0.1:8080" && !implicit.publicURLIsExplicit)
        #expect(implicit.requestTimeLimit == .seconds(12) && implicit.policy.friendRequests.perSender == 7)
        configuration.publicURL = "https://handshake.example.org/"
        let explicit = try MailboxServer(storage: storage, configuration: configuration)
        #expect(explicit.publicURL == "https://handshake.example.org" && explicit.publicURLIsExplicit)
        configuration.port = 0
        #expect(throws: MailboxServerConfigurationError.outOfRange(.port, value: 0)) { try MailboxServer(storage: storage, configuration: configuration) }
    }
}
