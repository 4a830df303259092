import FlagstaffCore

/// A type in an app's Swift files that looks like the one declaring its flags,
/// as `flagstaff init` finds it, with the members that look like they say more
/// about each flag (the names `swift` in `flagstaff.yml` would give them).
public struct SwiftFlagType: Sendable {
    /// The type's name, as `enum_name` gives it.
    public var name: String
    /// The file that declares the type, then the files that extend it.
    public var files: [String]
    /// Where the type's name is written.
    public var location: SourceLocation
    /// The flags it declares, in declaration order, as `SwiftDeclarationsReader` reads them.
    public var flags: [Flag]
    /// Why it looks like the flag type, in words (`a String enum`, `static members that give flag values`).
    public var evidence: String
    /// How strongly it looks like the flag type: 2 for each strong sign (a name
    /// with `flag`, `feature`, `toggle` or `experiment`; a defaults member; a
    /// registry) and 1 for a `String` raw type.
    public var score: Int
    /// `Bool` properties or functions that switch over the flag: its defaults,
    /// those whose name says `default` first.
    public var defaults: [String] = []
    /// `String` or `String?` properties that switch over the flag and give names
    /// without spaces: its Remote Config parameters.
    public var remoteKeys: [String] = []
    /// `String` properties that switch over the flag and give sentences: its descriptions.
    public var descriptions: [String] = []
    /// Dictionary literals, in any type, keyed by the flag's cases: registries.
    public var registries: [String] = []
    /// The compilation conditions `#if` checks in the type's files, such as `DEBUG`.
    public var conditions: [String] = []
}
