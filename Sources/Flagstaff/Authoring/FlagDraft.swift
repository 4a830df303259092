import FlagstaffCore
import FlagstaffReaders

/// Everything `flagstaff new` needs to know about a flag, from options or prompts.
public struct FlagDraft: Sendable {
    /// The Swift case name (camelCase).
    public var caseName = ""
    /// The type to declare the flag in, where several types declare flags
    /// (`--in`); `new` refuses to choose one itself.
    public var declaringType: String?
    /// The key; derived from the case name when `nil`.
    public var key: String?
    /// The MARK group; must exist unless `newGroup` is set.
    public var group: String?
    /// Whether `group` names a new MARK group.
    public var newGroup = false
    /// The description, for the doc comment and the catalog.
    public var description = ""
    /// The catalog's other cells by column name (Owner, Type, Added, Remove by, Ticket, …).
    public var cells: [String: String] = [:]
    /// The value type.
    public var valueType: FlagType = .bool
    /// The value of a string or number flag, in every tenant and the template.
    public var value: String?
    /// The tenants whose Bool is `true`: ids, or `all`.
    public var on: [String] = []
    /// Per-environment overrides to `true`: environment → tenant ids or `all`.
    public var onIn: [String: [String]] = [:]

    /// Creates an empty draft.
    public init() {}

    /// The key a case name gets in a workspace: in the style, and with the prefix,
    /// that spell most existing keys from their case names (`mediaLibrary` →
    /// `ENABLE_MEDIA_LIBRARY`, `media_library`, `media-library`; see `KeyStyle`);
    /// the case name itself when no style spells any.
    public static func derivedKey(for caseName: String, existing: [Flag]) -> String {
        guard let (style, prefix) = KeyStyle.detect(existing.map { ($0.key, $0.caseName) }) else { return caseName }
        return prefix + style.key(forCaseName: caseName)
    }

    /// Whether a name is a Swift identifier that needs no backticks.
    public static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first == "_" || (first.isLetter && first.isASCII) else { return false }
        return name.allSatisfy { $0 == "_" || (($0.isLetter || $0.isNumber) && $0.isASCII) } && !swiftKeywords.contains(name)
    }

    static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "Any", "some", "any",
    ]
}
