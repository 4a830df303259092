/// One flag: a case of the flag enum, or a static member of the type that declares the flags.
public struct Flag: Hashable, Sendable {
    /// The key tenants and remote config use: the case's raw value.
    public var key: String
    /// The Swift case name, as code refers to it.
    public var caseName: String
    /// The nearest preceding `// MARK: -` group, if any.
    public var group: String?
    /// The `///` doc comment above the case, without the slashes.
    public var documentation: String?
    /// Set when the case is marked `@available(*, deprecated…)`: the message, or
    /// an empty string when the attribute has none.
    public var deprecation: String?
    /// The `#if` condition the case sits under, such as `DEBUG`.
    public var condition: String?
    /// The environments whose build surely leaves the flag out: its `#if`
    /// condition is known not to hold there. The flag has no value in them.
    public var absentIn: Set<String> = []
    /// Where the case is declared.
    public var location: SourceLocation
    /// Where the case sits in its file's bytes, for in-place edits.
    public var syntax: FlagSyntax
    /// The default the app's code declares, when the declarations give one.
    public var codeDefault: CodeDefault?
    /// The Remote Config parameter the code names for the flag, when it names one.
    public var remoteKey: RemoteKey?
    /// How the code declares the flag, and so how the app reads it.
    public var form: FlagForm
    /// The value type the declaration names (`static var limit: Int`,
    /// `SettingsFeatureFlag<Int>`, the type of the property that gives the
    /// defaults), when it names one that flags have; `nil` when it names none.
    public var valueType: FlagType?

    /// Creates a flag.
    public init(
        key: String, caseName: String, group: String? = nil, documentation: String? = nil,
        deprecation: String? = nil, condition: String? = nil, location: SourceLocation, syntax: FlagSyntax = FlagSyntax(),
        codeDefault: CodeDefault? = nil, remoteKey: RemoteKey? = nil, form: FlagForm = .enumCase, valueType: FlagType? = nil
    ) {
        self.key = key
        self.caseName = caseName
        self.group = group
        self.documentation = documentation
        self.deprecation = deprecation
        self.condition = condition
        self.location = location
        self.syntax = syntax
        self.codeDefault = codeDefault
        self.remoteKey = remoteKey
        self.form = form
        self.valueType = valueType
    }

    /// The flag's type as its code says: the type its declaration names, else
    /// that of the first value its default gives (environments in order); `nil`
    /// when the code says neither.
    public func declaredType(in environments: [String]) -> FlagType? {
        valueType ?? codeDefault?.declaredType(in: environments)
    }

    /// Whether the case carries a deprecation attribute.
    public var isDeprecated: Bool { deprecation != nil }
}

/// The byte ranges of one enum case in its file.
public struct FlagSyntax: Hashable, Sendable {
    /// The whole `case` declaration, attributes included, without its leading trivia.
    public var declaration: ByteRange
    /// The trivia before the declaration: blank lines, a `// MARK:`, the doc comment.
    public var leadingTrivia: ByteRange
    /// This case's element (`mediaLibrary = "ENABLE_MEDIA_LIBRARY"`), without a comma.
    public var element: ByteRange
    /// How many cases the declaration holds: `case a, b` holds two.
    public var elementsInDeclaration: Int
    /// The body of the `#if` clause the case sits in, when it sits in one.
    public var conditionalClause: ByteRange?

    /// Creates the ranges; the defaults describe no place.
    public init(
        declaration: ByteRange = 0..<0, leadingTrivia: ByteRange = 0..<0, element: ByteRange = 0..<0,
        elementsInDeclaration: Int = 1, conditionalClause: ByteRange? = nil
    ) {
        self.declaration = declaration
        self.leadingTrivia = leadingTrivia
        self.element = element
        self.elementsInDeclaration = elementsInDeclaration
        self.conditionalClause = conditionalClause
    }
}

/// The flag enum as read from Swift source.
public struct FlagEnum: Hashable, Sendable {
    /// A `// MARK:` comment inside the enum.
    public struct Mark: Hashable, Sendable {
        /// The group name, without `MARK:` and `-`.
        public var name: String
        /// The comment's bytes.
        public var range: ByteRange

        /// Creates a mark.
        public init(name: String, range: ByteRange) {
            self.name = name
            self.range = range
        }
    }

    /// The enum's name.
    public var name: String
    /// Whether the enum has a `String` raw type. When it does not, keys are case names.
    public var hasStringRawValues: Bool
    /// Its cases in declaration order.
    public var flags: [Flag]
    /// The file that declares the enum.
    public var file: String
    /// The bytes between the enum's braces.
    public var body: ByteRange
    /// The MARK comments of the enum's own members, in order.
    public var marks: [Mark]

    /// Creates an enum description.
    public init(
        name: String, hasStringRawValues: Bool, flags: [Flag], file: String = "", body: ByteRange = 0..<0,
        marks: [Mark] = []
    ) {
        self.name = name
        self.hasStringRawValues = hasStringRawValues
        self.flags = flags
        self.file = file
        self.body = body
        self.marks = marks
    }
}
