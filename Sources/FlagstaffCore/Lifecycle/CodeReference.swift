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
    }

    /// How the code names the flag.
    public var kind: Kind
    /// Where the use is.
    public var location: SourceLocation

    /// Creates a reference.
    public init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    public static func < (lhs: CodeReference, rhs: CodeReference) -> Bool {
        lhs.location < rhs.location
    }
}
