/// One place in the app's Swift source that uses a flag.
public struct CodeReference: Hashable, Sendable, Comparable {
    /// How the code names the flag.
    public enum Kind: String, Hashable, Sendable {
        /// `.mediaLibrary`, where the type is implied.
        case member
        /// `FeatureFlag.mediaLibrary`.
        case qualified
        /// `"ENABLE_MEDIA_LIBRARY"`, a string literal equal to the raw value.
        case string
        /// `Variables.displayRedView`: a constant whose value is the key, or the
        /// variable part of a JustTweak key (`"display_red_view"`).
        case constant
        /// `appSettings.threadsEnabled`: an instance property of a settings object,
        /// for a flag the settings type declares as one.
        case instance
    }

    /// What the code does with the flag there, which says whether a cleanup can
    /// replace it with the flag's value.
    public enum Role: String, Hashable, Sendable {
        /// The argument of the app's flag check: `flags.isEnabled(.mediaLibrary)`.
        case check
        /// The argument of a property wrapper that is the property's only
        /// attribute or modifier: `@FeatureFlag(.onboardingExtraScreen) var showExtra: Bool`.
        case wrapper
        /// A call of a member that gives the flag: `SettingsFeatureFlag<Bool>.newProfile()`.
        case factory
        /// A read of a property whose value is the flag's value: `FeatureFlags.map`,
        /// `appSettings.threadsEnabled`.
        case read
        /// A change of such a property: `appSettings.threadsEnabled = true`,
        /// `$settings.threadsEnabled`, `appSettings.threadsEnabled.toggle()`.
        case write
        /// Anything else: a `switch` case, another call's argument, the key as text.
        case other
    }

    /// How the code names the flag.
    public var kind: Kind
    /// Where the use is.
    public var location: SourceLocation
    /// What the code does with the flag there.
    public var role: Role

    /// Creates a reference.
    public init(kind: Kind, location: SourceLocation, role: Role = .other) {
        self.kind = kind
        self.location = location
        self.role = role
    }

    public static func < (lhs: CodeReference, rhs: CodeReference) -> Bool {
        lhs.location < rhs.location
    }
}
