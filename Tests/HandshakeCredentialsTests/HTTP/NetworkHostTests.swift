import Foundation
import Testing

@testable import HandshakeCredentials

/// Hosts read strictly (the forms the resolver would take as a number in another base are refused) and
/// addresses sorted into the networks they belong to, IPv6 forms that carry an IPv4 address included.
struct NetworkHostTests {
    @Test(arguments: [
        ("mailbox.example", "mailbox.example"), ("MAILBOX.Example.", "mailbox.example"), ("127.0.0.1", "127.0.0.1"),
        ("[::1]", "::1"), ("[2001:DB8::7]", "2001:db8::7"), ("192.0.2.255", "192.0.2.255"), ("localhost", "localhost"),
        ("xn--exmple-cua.org", "xn--exmple-cua.org"), ("a-b.c9", "a-b.c9"),
    ])
    func readsNamesAndAddresses(_ text: String, _ read: String) throws {
        #expect(try NetworkHost(text).description == read)
    }

    @Test(arguments: [
        "0x7f000001", "2130706433", "127.1", "0177.0.0.1", "127.0.0.01", "256.1.1.1", "1.2.3.4.5", "10.0.0.0x1", "[fe80::1%eth0]", "[::g]",
        "", "a..b", "-", "ex%C3%A4mple.org", "a_b.example", String(repeating: "a", count: 64) + ".example",
    ])
    func refusesWhatIsNotAHostAsWritten(_ text: String) {
        #expect(throws: NetworkHost.Refusal.self) { try NetworkHost(text) }
    }

    @Test func theRefusalSaysWhyInASentence() {
        #expect(throws: NetworkHost.Refusal.numericButNotAnAddress("0x7f000001")) { try NetworkHost("0x7f000001") }
        #expect(
            NetworkHost.Refusal.numericButNotAnAddress("0x7f000001").description
                == "its host \"0x7f000001\" is a number but not an IP address written as four decimal numbers (such as 192.0.2.7)")
    }

    @Test(arguments: [
        ("127.0.0.1", NetworkAddressScope.loopback), ("127.45.3.9", .loopback), ("::1", .loopback), ("::ffff:127.0.0.1", .loopback),
        ("10.1.2.3", .privateNetwork), ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork), ("192.168.1.1", .privateNetwork),
        ("100.64.0.1", .privateNetwork), ("fd00::1", .privateNetwork), ("::ffff:10.0.0.1", .privateNetwork), ("64:ff9b::a00:1", .privateNetwork),
        ("2002:a00:1::", .privateNetwork),
        ("169.254.169.254", .linkLocal), ("fe80::1", .linkLocal), ("::ffff:169.254.169.254", .linkLocal),
        ("0.0.0.0", .unusable), ("::", .unusable), ("224.0.0.1", .unusable), ("255.255.255.255", .unusable), ("ff02::1", .unusable),
        ("93.184.216.34", .publicInternet), ("172.32.0.1", .publicInternet), ("2001:4860:4860::8888", .publicInternet),
    ])
    func addressesAreSortedByNetwork(_ text: String, _ scope: NetworkAddressScope) throws {
        let bytes = try #require(try NetworkHost(text).address)
        #expect(NetworkAddressScope(bytes) == scope, "\(text)")
    }
}
