/// A condition's expression, parsed into the parts that `&&` joins. Flagstaff
/// knows, for each tenant, the parts about the app and the tenant; parts about
/// the device or the user make a condition vary.
public struct RemoteExpression: Hashable, Sendable {
    /// One part of the expression.
    public struct Part: Hashable, Sendable {
        /// What the part tests.
        public var kind: Kind
        /// Its text, as written.
        public var text: String
        /// Where it starts in the template.
        public var location: SourceLocation

        /// Creates a part.
        public init(kind: Kind, text: String, location: SourceLocation) {
            self.kind = kind
            self.text = text
            self.location = location
        }
    }

    /// What a part tests.
    public enum Kind: Hashable, Sendable {
        /// `true` or `false`.
        case constant(Bool)
        /// `app.id == '…'`, `app.id != '…'` or `app.id in [...]`: the Firebase App ID is (or is not) one of these.
        case appID(isIn: Bool, [String])
        /// `device.os == 'ios'` and the like: the operating system is (or is not) one of these.
        case operatingSystem(isIn: Bool, [String])
        /// `app.customSignal['key']` tested as a string or a number.
        case customSignal(key: String, test: SignalTest)
        /// A part that depends on the device or the user, described in words: "a random percentage of devices".
        case varying(String)
        /// A part Flagstaff could not parse; the message says why.
        case unparsed(String)
    }

    /// How a custom signal is tested.
    public enum SignalTest: Hashable, Sendable {
        /// `.exactlyMatches([...])`: equals one of the strings.
        case exactlyMatches([String])
        /// `.contains([...])`: contains one of the strings.
        case contains([String])
        /// `.notContains([...])`: contains none of the strings.
        case notContains([String])
        /// `.matches([...])`: matches one of the regular expressions.
        case matches([String])
        /// `== 5`, `>= 2.5`…: compared as a number.
        case compare(String, Double)
    }

    /// The expression as written.
    public var text: String
    /// Its parts, in order.
    public var parts: [Part]

    /// Creates an expression.
    public init(text: String, parts: [Part]) {
        self.text = text
        self.parts = parts
    }
}

/// How a tenant is recognised in conditions: its Firebase App ID and the value
/// it sets for the tenant custom signal. Either may be unknown.
public struct TenantIdentity: Hashable, Sendable {
    /// The Firebase App ID of the tenant's app, e.g. `1:123:ios:abc`.
    public var appID: String?
    /// The value of the tenant signal, e.g. `chl`.
    public var signal: String?

    /// Creates an identity.
    public init(appID: String? = nil, signal: String? = nil) {
        self.appID = appID
        self.signal = signal
    }
}

/// Whether a condition holds for a tenant: yes, no, or it depends on the device or the user.
public struct ConditionTruth: Hashable, Sendable {
    /// The three answers.
    public enum Value: Hashable, Sendable { case yes, no, varies }

    /// The answer.
    public var value: Value
    /// Why, in words: "CHL's app id is 1:1:ios:chl", "depends on a random percentage of devices".
    public var because: String
}

extension RemoteExpression {
    /// Whether the expression holds for a tenant. A rule on something the tenant
    /// does not set (no app id, no signal value) is false, as Firebase treats a rule
    /// on an undefined value. A part known to be false rules the condition out even
    /// when other parts vary.
    public func truth(for tenant: String, identity: TenantIdentity, tenantSignal: String?) -> ConditionTruth {
        var varying: [String] = []
        var reasons: [String] = []
        for part in parts {
            let truth = part.truth(for: tenant, identity: identity, tenantSignal: tenantSignal)
            switch truth.value {
            case .no: return truth
            case .varies: varying.append(truth.because)
            case .yes: reasons.append(truth.because)
            }
        }
        if !varying.isEmpty { return ConditionTruth(value: .varies, because: varying.joined(separator: "; ")) }
        return ConditionTruth(value: .yes, because: reasons.isEmpty ? "it is always true" : reasons.joined(separator: "; "))
    }
}

extension RemoteExpression {
    /// Whether the expression names a tenant: its app id, or a value of the tenant signal that it sets.
    public func mentions(_ identity: TenantIdentity, tenantSignal: String?) -> Bool {
        parts.contains { part in
            switch part.kind {
            case .appID(_, let ids): identity.appID.map(ids.contains) ?? false
            case .customSignal(let key, let test): key == tenantSignal && identity.signal.map(test.holds(for:)) == true
            default: false
            }
        }
    }
}

extension RemoteExpression.Part {
    /// Whether this part holds for a tenant.
    func truth(for tenant: String, identity: TenantIdentity, tenantSignal: String?) -> ConditionTruth {
        func answer(_ holds: Bool, _ because: String) -> ConditionTruth { ConditionTruth(value: holds ? .yes : .no, because: because) }
        switch kind {
        case .constant(let value):
            return answer(value, "it is written \(value)")
        case .appID(let isIn, let ids):
            guard let appID = identity.appID else { return answer(false, "\(tenant) has no app id in remote_config") }
            return answer(ids.contains(appID) == isIn, "\(tenant)'s app id is \(appID)")
        case .operatingSystem(let isIn, let systems):
            return answer(systems.contains { $0.lowercased() == "ios" } == isIn, "the app runs on iOS")
        case .customSignal(let key, let test):
            guard key == tenantSignal else {
                return ConditionTruth(value: .varies, because: "depends on the custom signal '\(key)', which each device sets")
            }
            guard let value = identity.signal else { return answer(false, "\(tenant) sets no '\(key)' signal") }
            return answer(test.holds(for: value), "\(tenant) sets '\(key)' to '\(value)'")
        case .varying(let what):
            return ConditionTruth(value: .varies, because: "depends on \(what)")
        case .unparsed:
            return ConditionTruth(value: .varies, because: "Flagstaff cannot read '\(text)'")
        }
    }
}

extension RemoteExpression.SignalTest {
    /// Whether a signal value passes the test. A number comparison on a value
    /// that is not a number fails, as Firebase's does.
    func holds(for value: String) -> Bool {
        switch self {
        case .exactlyMatches(let targets): return targets.contains(value)
        case .contains(let targets): return targets.contains { value.contains($0) }
        case .notContains(let targets): return !targets.contains { value.contains($0) }
        case .matches(let patterns):
            return patterns.contains { pattern in
                guard let regex = try? Regex(pattern) else { return false }
                return value.contains(regex)
            }
        case .compare(let comparison, let target):
            guard let number = Double(value) else { return false }
            switch comparison {
            case "==": return number == target
            case "!=": return number != target
            case "<": return number < target
            case "<=": return number <= target
            case ">": return number > target
            case ">=": return number >= target
            default: return false
            }
        }
    }
}
