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
        /// `app.customSignal['key']` tested as a string, a number or a version.
        case customSignal(key: String, test: SignalTest)
        /// `app.userProperty['key']` (a Google Analytics user property) tested as a string or a number.
        case userProperty(key: String, test: SignalTest)
        /// `app.version.>=(['2.1'])`, `app.version.contains(['beta'])`: the installed app's
        /// version (`CFBundleShortVersionString` on Apple platforms).
        case appVersion(SignalTest)
        /// `app.build.>=(['245'])` and the like: the installed app's build (`CFBundleVersion`).
        case appBuild(SignalTest)
        /// `percent <= 10`, `percent > 90`, `percent('seed') between 10 and 20`: a random
        /// share of devices.
        case percent(PercentRange)
        /// `dateTime >= dateTime('2026-06-01T00:00:00', 'Europe/Paris')`: the time of the fetch.
        case dateTime(TimeTest)
        /// A part that depends on the device or the user, described in words: "a random percentage of devices".
        case varying(String)
        /// A part Flagstaff could not parse; the message says why.
        case unparsed(String)
    }

    /// How a custom signal, a user property, or the app's version or build is tested.
    public enum SignalTest: Hashable, Sendable {
        /// `.exactlyMatches([...])`: equals one of the strings (spaces around either ignored).
        case exactlyMatches([String])
        /// `.contains([...])`: contains one of the strings.
        case contains([String])
        /// `.notContains([...])`: contains none of the strings.
        case notContains([String])
        /// `.matches([...])`: matches one of the regular expressions.
        case matches([String])
        /// `== 5`, `>= 2.5`…: compared as a number.
        case compare(String, Double)
        /// `version(…) >= '2.1.0'`, `app.version.>=(['2.1'])`…: compared as versions, number by
        /// number (`2.10` is after `2.9`), with missing numbers counting as zero.
        case compareVersions(String, String)
    }

    /// The devices a `percent` rule takes, by their random percentile from 0 to 100.
    public struct PercentRange: Hashable, Sendable {
        /// Devices above this percentile are taken; `nil` from the lowest.
        public var above: Double?
        /// Devices at or below this percentile are taken; `nil` up to the highest.
        public var upTo: Double?
        /// The seed that picks the devices (`percent('seed')`), if any.
        public var seed: String?

        /// Creates a range.
        public init(above: Double?, upTo: Double?, seed: String? = nil) {
            self.above = above
            self.upTo = upTo
            self.seed = seed
        }
    }

    /// A comparison of the time of the fetch with a moment.
    public struct TimeTest: Hashable, Sendable {
        /// `<`, `<=`, `>` or `>=`.
        public var comparison: String
        /// The moment's day.
        public var day: CalendarDate
        /// The moment as written: `2026-06-01T00:00:00`.
        public var moment: String
        /// The time zone it is given in, if any (`UTC` when none).
        public var timeZone: String?

        /// Creates a time comparison.
        public init(comparison: String, day: CalendarDate, moment: String, timeZone: String?) {
            self.comparison = comparison
            self.day = day
            self.moment = moment
            self.timeZone = timeZone
        }
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

/// What Flagstaff knows of every device of one tenant in one environment, for
/// working out conditions.
public struct ConditionContext: Hashable, Sendable {
    /// The tenant id.
    public var tenant: String
    /// How the tenant is recognised: its app id, tenant signal and tenant user property.
    public var identity: TenantIdentity
    /// The custom signal key that carries the tenant, if any.
    public var tenantSignal: String?
    /// The user property that carries the tenant, if any.
    public var tenantUserProperty: String?
    /// The platform the app runs on, as `device.os` names it: `ios`.
    public var platform: String
    /// The version of the app being built for the environment, if known.
    public var appVersion: String?
    /// The build of the app being built for the environment, if known.
    public var appBuild: String?
    /// The day the values are worked out for, if known.
    public var asOf: CalendarDate?

    /// Creates a context.
    public init(
        tenant: String, identity: TenantIdentity, tenantSignal: String? = nil, tenantUserProperty: String? = nil, platform: String = "ios",
        appVersion: String? = nil, appBuild: String? = nil, asOf: CalendarDate? = nil
    ) {
        self.tenant = tenant
        self.identity = identity
        self.tenantSignal = tenantSignal
        self.tenantUserProperty = tenantUserProperty
        self.platform = platform
        self.appVersion = appVersion
        self.appBuild = appBuild
        self.asOf = asOf
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
    /// Whether the expression holds for the devices of a context. A rule on something
    /// the tenant does not set (no app id, no signal value) is false, as Firebase
    /// treats a rule on an undefined value. A part known to be false rules the
    /// condition out even when other parts vary. Each reason is said once.
    public func truth(in context: ConditionContext) -> ConditionTruth {
        var varying: [String] = []
        var reasons: [String] = []
        for part in parts {
            let truth = part.truth(in: context)
            switch truth.value {
            case .no: return truth
            case .varies: if !varying.contains(truth.because) { varying.append(truth.because) }
            case .yes: if !reasons.contains(truth.because) { reasons.append(truth.because) }
            }
        }
        if !varying.isEmpty { return ConditionTruth(value: .varies, because: varying.joined(separator: "; ")) }
        return ConditionTruth(value: .yes, because: reasons.isEmpty ? "it is always true" : reasons.joined(separator: "; "))
    }

    /// Whether the expression can hold for some device of a context's tenant on some
    /// day and app version: false only when a part about who the tenant is (its app
    /// id, the tenant signal or user property, the platform, a constant) is false.
    public func canReach(_ context: ConditionContext) -> Bool {
        !parts.contains { part in
            switch part.kind {
            case .constant, .appID, .operatingSystem, .customSignal, .userProperty: part.truth(in: context).value == .no
            case .appVersion, .appBuild, .percent, .dateTime, .varying, .unparsed: false
            }
        }
    }

    /// Whether the expression names a tenant: its app id, or a value of the tenant
    /// signal or user property that it sets.
    public func mentions(_ context: ConditionContext) -> Bool {
        parts.contains { part in
            switch part.kind {
            case .appID(_, let ids): context.identity.appID.map(ids.contains) ?? false
            case .customSignal(let key, let test): key == context.tenantSignal && context.identity.signal.value.map(test.holds(for:)) == true
            case .userProperty(let key, let test):
                key == context.tenantUserProperty && context.identity.userProperty.value.map(test.holds(for:)) == true
            default: false
            }
        }
    }
}

extension RemoteExpression.Part {
    /// Whether this part holds for the devices of a context.
    func truth(in context: ConditionContext) -> ConditionTruth {
        func answer(_ holds: Bool, _ because: String) -> ConditionTruth { ConditionTruth(value: holds ? .yes : .no, because: because) }
        func varies(_ because: String) -> ConditionTruth { ConditionTruth(value: .varies, because: because) }
        let tenant = context.tenant
        switch kind {
        case .constant(let value):
            return answer(value, "it is written \(value)")
        case .appID(let isIn, let ids):
            guard let appID = context.identity.appID else { return answer(false, "\(tenant) has no app id in remote_config") }
            return answer(ids.contains(appID) == isIn, "\(tenant)'s app id is \(appID)")
        case .operatingSystem(let isIn, let systems):
            return answer(systems.contains { $0.lowercased() == context.platform } == isIn, "the app runs on \(context.platform)")
        case .customSignal(let key, let test):
            guard key == context.tenantSignal else { return varies("depends on the custom signal '\(key)', which each device sets") }
            return Self.tenantValue(context.identity.signal, key: key, what: "signal", test: test, tenant: tenant)
        case .userProperty(let key, let test):
            guard key == context.tenantUserProperty else { return varies("depends on the user property '\(key)', which each user has") }
            return Self.tenantValue(context.identity.userProperty, key: key, what: "user property", test: test, tenant: tenant)
        case .appVersion(let test):
            guard let version = context.appVersion else { return varies("depends on the installed app version") }
            return answer(test.holds(for: version), "the app is built as version \(version)")
        case .appBuild(let test):
            guard let build = context.appBuild else { return varies("depends on the installed app build") }
            return answer(test.holds(for: build), "the app is built as build \(build)")
        case .percent(let range):
            return range.truth
        case .dateTime(let test):
            return test.truth(on: context.asOf)
        case .varying(let what):
            return varies("depends on \(what)")
        case .unparsed:
            return varies("Flagstaff cannot read '\(text)'")
        }
    }

    /// A rule on the tenant signal or user property: false when the tenant sets none.
    private static func tenantValue(
        _ value: TenantValue, key: String, what: String, test: RemoteExpression.SignalTest, tenant: String
    ) -> ConditionTruth {
        guard let text = value.value else { return ConditionTruth(value: .no, because: "\(tenant) sets no '\(key)' \(what)") }
        return ConditionTruth(value: test.holds(for: text) ? .yes : .no, because: "\(tenant) sets '\(key)' to '\(text)'")
    }
}

extension RemoteExpression.PercentRange {
    /// Whether the range takes every device (from 0 to 100), none, or some. Firebase puts
    /// each device at a percentile and takes it when it lies above `above` and at or
    /// below `upTo`: `percent <= 0` takes none and `percent <= 100` takes all.
    var truth: ConditionTruth {
        let lower = above ?? 0, upper = upTo ?? 100
        if upper <= 0 || lower >= 100 || upper <= lower {
            return ConditionTruth(value: .no, because: "a percentage rule that takes no device")
        }
        if lower <= 0 && upper >= 100 {
            return ConditionTruth(value: .yes, because: "a percentage rule that takes every device")
        }
        return ConditionTruth(value: .varies, because: "depends on a random percentage of devices")
    }
}

extension RemoteExpression.TimeTest {
    /// How many whole days a moment must be from the as-of day to be decided: the fetch
    /// may come at any hour of that day in any time zone (UTC−12 to UTC+14), and the
    /// moment's own time zone moves it by as much again.
    static let decidedBeyondDays = 2

    /// Whether the fetch time passes the comparison on the as-of day: decided when the
    /// moment is more than two days away, varying nearer or without an as-of day.
    func truth(on asOf: CalendarDate?) -> ConditionTruth {
        guard let asOf else { return ConditionTruth(value: .varies, because: "depends on the date and time of the fetch") }
        let days = asOf.days(until: day)
        guard abs(days) > Self.decidedBeyondDays else {
            return ConditionTruth(value: .varies, because: "depends on the hour of the fetch, near \(moment)")
        }
        let momentIsAhead = days > 0
        let holds = comparison.hasPrefix("<") ? momentIsAhead : !momentIsAhead
        return ConditionTruth(
            value: holds ? .yes : .no, because: "on \(asOf), \(moment) is " + (momentIsAhead ? "still to come" : "past"))
    }
}

extension RemoteExpression.SignalTest {
    /// Whether a value passes the test, as Firebase's own evaluator decides it: a number
    /// or version comparison on a value that is not one fails.
    func holds(for value: String) -> Bool {
        switch self {
        case .exactlyMatches(let targets):
            let trimmed = value.trimmingSpaces
            return targets.contains { $0.trimmingSpaces == trimmed }
        case .contains(let targets): return targets.contains { value.contains($0) }
        case .notContains(let targets): return !targets.contains { value.contains($0) }
        case .matches(let patterns):
            return patterns.contains { pattern in
                guard let regex = try? Regex(pattern) else { return false }
                return value.contains(regex)
            }
        case .compare(let comparison, let target):
            guard let number = Double(value) else { return false }
            return Self.compare(number < target ? -1 : number > target ? 1 : 0, comparison)
        case .compareVersions(let comparison, let target):
            guard let order = Self.versionOrder(value, target) else { return false }
            return Self.compare(order, comparison)
        }
    }

    /// Whether an order (-1, 0 or 1) passes a comparison.
    private static func compare(_ order: Int, _ comparison: String) -> Bool {
        switch comparison {
        case "==": order == 0
        case "!=": order != 0
        case "<": order < 0
        case "<=": order <= 0
        case ">": order > 0
        case ">=": order >= 0
        default: false
        }
    }

    /// -1, 0 or 1 as `actual` is before, the same as or after `target`, number by number,
    /// missing numbers counting as zero, as the Firebase Admin SDK compares semantic
    /// versions: `nil` when either has more than five numbers or a part that is not one.
    static func versionOrder(_ actual: String, _ target: String) -> Int? {
        let left = actual.trimmingSpaces.split(separator: ".", omittingEmptySubsequences: false)
        let right = target.trimmingSpaces.split(separator: ".", omittingEmptySubsequences: false)
        guard left.count <= 5, right.count <= 5 else { return nil }
        for index in 0..<5 {
            let leftPart = index < left.count ? left[index] : "0", rightPart = index < right.count ? right[index] : "0"
            guard let a = leftPart.isEmpty ? 0 : Double(leftPart), let b = rightPart.isEmpty ? 0 : Double(rightPart) else { return nil }
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }
}

extension String {
    /// The text without spaces, tabs and line breaks at either end.
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}

extension RemoteExpression {
    /// Whether a part of the expression is about another platform's app: `device.os`
    /// ruling this platform out, or `app.id` naming only other platforms' apps (the
    /// Firebase App ID reads `1:<project>:<platform>:<hash>`). Such a condition serves
    /// the other apps of a shared template.
    public func targetsAnotherPlatform(than platform: String) -> Bool {
        parts.contains { part in
            switch part.kind {
            case .operatingSystem(let isIn, let systems): systems.contains { $0.lowercased() == platform } != isIn
            case .appID(true, let ids): !ids.isEmpty && ids.allSatisfy { !$0.split(separator: ":").contains(Substring(platform)) }
            default: false
            }
        }
    }
}
