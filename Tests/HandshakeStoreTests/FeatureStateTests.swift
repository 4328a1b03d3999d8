import HandshakeStore
import Testing

@Suite("combining chat preferences as SimpleX does")
struct FeatureStateTests {
    /// The whole table, written out: 3 × 3 allowances × asymmetric or not.
    static let table: [(FeatureAllowance, FeatureAllowance, Bool, FeatureState)] = [
        (.always, .always, true, .init(forUser: true, forContact: true)),
        (.always, .yes, true, .init(forUser: true, forContact: true)),
        (.always, .no, true, .init(forUser: false, forContact: true)),
        (.yes, .always, true, .init(forUser: true, forContact: true)),
        (.yes, .yes, true, .init(forUser: true, forContact: true)),
        (.yes, .no, true, .init(forUser: false, forContact: false)),
        (.no, .always, true, .init(forUser: true, forContact: false)),
        (.no, .yes, true, .init(forUser: false, forContact: false)),
        (.no, .no, true, .init(forUser: false, forContact: false)),
        (.always, .always, false, .init(forUser: true, forContact: true)),
        (.always, .yes, false, .init(forUser: true, forContact: true)),
        (.always, .no, false, .init(forUser: false, forContact: false)),
        (.yes, .always, false, .init(forUser: true, forContact: true)),
        (.yes, .yes, false, .init(forUser: true, forContact: true)),
        (.yes, .no, false, .init(forUser: false, forContact: false)),
        (.no, .always, false, .init(forUser: false, forContact: false)),
        (.no, .yes, false, .init(forUser: false, forContact: false)),
        (.no, .no, false, .init(forUser: false, forContact: false)),
    ]

    @Test("every combination", arguments: 0..<18)
    func combination(row: Int) {
        let (user, contact, asymmetric, expected) = Self.table[row]
        #expect(FeatureState.combine(user: user, contact: contact, asymmetric: asymmetric) == expected)
    }

    @Test("the table covers every case exactly once")
    func tableIsExhaustive() {
        var seen = Set<String>()
        for (user, contact, asymmetric, _) in Self.table { seen.insert("\(user)-\(contact)-\(asymmetric)") }
        #expect(seen.count == FeatureAllowance.allCases.count * FeatureAllowance.allCases.count * 2)
    }

    @Test("disappearing messages are never one-sided")
    func timedMessagesSymmetric() {
        for user in FeatureAllowance.allCases {
            for contact in FeatureAllowance.allCases {
                let state = FeatureState.combine(.timedMessages, user: user, contact: contact)
                #expect(state.forUser == state.forContact)
            }
        }
    }

    @Test("the words on the info page")
    func labels() {
        #expect(FeatureState(forUser: true, forContact: true).description == "enabled")
        #expect(FeatureState(forUser: true, forContact: false).description == "enabled for you")
        #expect(FeatureState(forUser: false, forContact: true).description == "enabled for contact")
        #expect(FeatureState(forUser: false, forContact: false).description == "off")
    }

    @Test("a contact's setting falls back to the user's default")
    func defaults() {
        #expect(FeatureSetting.default.resolved(userDefault: .always) == .always)
        #expect(FeatureSetting.allowance(.no).resolved(userDefault: .always) == .no)
        #expect(FeatureSetting(parsing: "DEFAULT") == .default)
        #expect(FeatureSetting(parsing: "maybe") == nil)
    }
}
