import FlagstaffCore
import FlagstaffReaders

/// Everything `flagstaff new` needs to know about a flag, from options or prompts.
public struct FlagDraft: Sendable {
    /// The Swift case name (camelCase).
    public var caseName = ""
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

    /// The key a case name gets in a workspace: `mediaLibrary` → `ENABLE_MEDIA_LIBRARY`
    /// when most keys start with `ENABLE_`, `MEDIA_LIBRARY` when most are upper
    /// snake case, else the case name itself.
    public static func derivedKey(for caseName: String, existing: [Flag]) -> String {
        let snake = caseName.reduce(into: "") { text, character in
            if character.isUppercase, !text.isEmpty { text += "_" }
            text += character.uppercased()
        }
        let keys = existing.filter { $0.key != $0.caseName }.map(\.key)
        if keys.count * 2 <= existing.count { return caseName }
        let prefixed = keys.filter { $0.hasPrefix("ENABLE_") }.count
        return prefixed * 2 > keys.count ? "ENABLE_" + snake : snake
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
