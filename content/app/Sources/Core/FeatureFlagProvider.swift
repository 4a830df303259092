import FirebaseRemoteConfig
import Foundation
import os

/// The value of a flag. Most flags are Bools; a few hold a number or a choice.
public enum FlagValue: Equatable, Sendable {
    case bool(Bool)
    case int(Int)
    case string(String)

    /// `true` only for `.bool(true)`.
    public var boolValue: Bool {
        if case .bool(let value) = self { return value }
        return false
    }

    public var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}

extension FeatureFlag {
    /// The kind of value the flag holds. Everything not listed is a Bool.
    enum ValueKind { case bool, int, string }

    var valueKind: ValueKind {
        switch self {
        case .maxWishlistItems: .int
        case .onboardingVariant: .string
        default: .bool
        }
    }

    /// What the app uses when no layer has an opinion.
    var fallbackValue: FlagValue {
        switch valueKind {
        case .bool: .bool(false)
        case .int: .int(0)
        case .string: .string("")
        }
    }
}

/// One layer of the resolution chain. Returning `nil` means "no opinion":
/// resolution moves on to the next layer. Never return `false` to mean "not set".
public protocol FlagValueSource: AnyObject, Sendable {
    var name: String { get }
    func value(for flag: FeatureFlag) -> FlagValue?
}

// MARK: - Layer 1: debug overrides

/// Values a tester set by hand in the debug menu. Stored in UserDefaults under
/// the flag key; only consulted in debug builds.
public final class DebugOverrideSource: FlagValueSource, @unchecked Sendable {
    public let name = "debug override"
    private let defaults: UserDefaults
    private static let prefix = "flag.override."

    public init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    public func value(for flag: FeatureFlag) -> FlagValue? {
        guard let stored = defaults.object(forKey: Self.prefix + flag.rawValue) else { return nil }
        return FlagValue(json: stored, kind: flag.valueKind)
    }

    public func set(_ value: FlagValue?, for flag: FeatureFlag) {
        let key = Self.prefix + flag.rawValue
        switch value {
        case nil: defaults.removeObject(forKey: key)
        case .bool(let bool)?: defaults.set(bool, forKey: key)
        case .int(let int)?: defaults.set(int, forKey: key)
        case .string(let string)?: defaults.set(string, forKey: key)
        }
    }

    public func removeAll() {
        for flag in FeatureFlag.allCases { set(nil, for: flag) }
    }
}

// MARK: - Layer 2: remote config

/// Firebase Remote Config. A key left on "in-app default" in the console has
/// source `.static` or `.default`, which we treat as no opinion.
public final class RemoteConfigSource: FlagValueSource, @unchecked Sendable {
    public let name = "remote config"
    private let remoteConfig: RemoteConfig

    public init(remoteConfig: RemoteConfig = .remoteConfig()) {
        self.remoteConfig = remoteConfig
        let settings = RemoteConfigSettings()
        // Firebase caches for 12 hours by default; one hour is enough for us.
        settings.minimumFetchInterval = 3600
        remoteConfig.configSettings = settings
    }

    public func activate() async {
        _ = try? await remoteConfig.fetchAndActivate()
    }

    public func value(for flag: FeatureFlag) -> FlagValue? {
        let value = remoteConfig.configValue(forKey: flag.rawValue)
        guard value.source == .remote else { return nil }
        switch flag.valueKind {
        case .bool: return .bool(value.boolValue)
        case .int: return .int(value.numberValue.intValue)
        case .string: return .string(value.stringValue)
        }
    }
}

// MARK: - Layer 3: bundle defaults

/// The tenant's `FeatureFlags.defaults.json`, copied into the app bundle by the
/// tenant's build phase. The environment's override wins over the base value.
public final class BundleDefaultsSource: FlagValueSource, @unchecked Sendable {
    public let name = "bundle defaults"
    private let base: [String: Any]
    private let overrides: [String: Any]

    public init(bundle: Bundle = .main, environment: AppEnvironment) {
        guard let url = bundle.url(forResource: "FeatureFlags.defaults", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            Logger.flags.fault("FeatureFlags.defaults.json is missing from the bundle; every flag falls back")
            base = [:]
            overrides = [:]
            return
        }
        base = root
        overrides = (root["overrides"] as? [String: Any])?[environment.rawValue] as? [String: Any] ?? [:]
    }

    public func value(for flag: FeatureFlag) -> FlagValue? {
        if let value = overrides[flag.rawValue] { return FlagValue(json: value, kind: flag.valueKind) }
        if let value = base[flag.rawValue] { return FlagValue(json: value, kind: flag.valueKind) }
        return nil
    }
}

// MARK: - The chain

/// Resolves flags: debug override → remote config → bundle defaults → fallback.
/// The first layer with an opinion wins.
public final class FeatureFlagProvider: @unchecked Sendable {
    public static let shared = FeatureFlagProvider(environment: .current)

    public let debugOverrides: DebugOverrideSource?
    private let remote: RemoteConfigSource
    private let bundle: BundleDefaultsSource

    public init(environment: AppEnvironment) {
        #if DEBUG
        debugOverrides = DebugOverrideSource()
        #else
        debugOverrides = nil
        #endif
        remote = RemoteConfigSource()
        bundle = BundleDefaultsSource(environment: environment)
    }

    /// The layers in priority order. The remote layer is skipped when the bundle
    /// turns the remote-config kill switch off; the switch itself is never read remotely.
    private func sources(for flag: FeatureFlag) -> [FlagValueSource] {
        var sources: [FlagValueSource] = []
        if let debugOverrides { sources.append(debugOverrides) }
        if flag != .remoteConfig, bundle.value(for: .remoteConfig)?.boolValue ?? true {
            sources.append(remote)
        }
        sources.append(bundle)
        return sources
    }

    public func value(for flag: FeatureFlag) -> FlagValue {
        resolve(flag).value
    }

    /// The value and the name of the layer that decided it, for the debug menu.
    public func resolve(_ flag: FeatureFlag) -> (value: FlagValue, source: String) {
        for source in sources(for: flag) {
            if let value = source.value(for: flag) { return (value, source.name) }
        }
        return (flag.fallbackValue, "fallback")
    }

    public func isEnabled(_ flag: FeatureFlag) -> Bool {
        value(for: flag).boolValue
    }

    public func int(_ flag: FeatureFlag) -> Int {
        value(for: flag).intValue ?? 0
    }

    public func string(_ flag: FeatureFlag) -> String {
        value(for: flag).stringValue ?? ""
    }

    public func refreshRemoteValues() async {
        await remote.activate()
        NotificationCenter.default.post(name: .featureFlagsDidChange, object: self)
    }
}

extension Notification.Name {
    public static let featureFlagsDidChange = Notification.Name("FeatureFlagsDidChange")
}

extension FlagValue {
    /// Reads a JSON or UserDefaults value, rejecting the wrong kind. JSON
    /// booleans arrive as NSNumber, so check for CFBoolean before Int.
    init?(json: Any, kind: FeatureFlag.ValueKind) {
        switch (kind, json) {
        case (.bool, let number as NSNumber) where CFGetTypeID(number) == CFBooleanGetTypeID():
            self = .bool(number.boolValue)
        case (.int, let number as NSNumber) where CFGetTypeID(number) != CFBooleanGetTypeID():
            self = .int(number.intValue)
        case (.string, let string as String):
            self = .string(string)
        default:
            Logger.flags.error("ignoring a \(String(describing: type(of: json))) value for a \(String(describing: kind)) flag")
            return nil
        }
    }
}

extension Logger {
    static let flags = Logger(subsystem: "com.acme.clienteling", category: "flags")
}
