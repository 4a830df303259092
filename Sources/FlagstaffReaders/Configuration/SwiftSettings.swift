import FlagstaffCore
import Yams

/// The `swift` settings: which of the flag type's properties hold what, when the
/// declarations say more than which flags exist. Each names a computed property
/// whose body switches over `self` (`var defaultValue: Bool { switch self { … } }`),
/// in the flag type or an extension of it, in any of the `enum` files.
public struct SwiftSettings: Hashable, Sendable {
    /// The keys of the `swift` mapping.
    public enum Key: String, ConfigurationKey {
        case defaults, remoteKey = "remote_key", remoteKeyDefault = "remote_key_default", description, registry
        case registryFields = "registry_fields", columns, flagMarks = "flag_marks"

        public static let place = " in swift"
    }

    /// The keys of `swift.registry_fields`: which argument label of a registry
    /// entry's initialiser holds what.
    public enum RegistryField: String, ConfigurationKey {
        case `default`, description, displayName = "display_name", owner, phase, type, added, removeBy = "remove_by", ticket

        public static let place = " in swift.registry_fields"

        /// The labels looked for when `registry_fields` does not name one, in order.
        public var defaultLabels: [String] {
            switch self {
            case .default: ["defaultEnabled", "defaultValue", "isEnabled", "enabled", "default"]
            case .description: ["description", "summary"]
            case .displayName: ["displayName", "name", "title"]
            case .owner: ["owner", "team"]
            case .phase: ["phase", "stage", "status"]
            case .type: ["type", "kind"]
            case .added: ["added", "addedOn", "createdAt"]
            case .removeBy: ["removalTarget", "removeBy", "removalDate", "expiresOn"]
            case .ticket: ["ticket", "jira", "issue"]
            }
        }

        /// The catalog column the field fills; `nil` for the default value.
        public var column: String? {
            switch self {
            case .default: nil
            case .description: "Description"
            case .displayName: "Name"
            case .owner: LifecycleColumns.owner
            case .phase: "Phase"
            case .type: LifecycleColumns.type
            case .added: LifecycleColumns.added
            case .removeBy: LifecycleColumns.removeBy
            case .ticket: LifecycleColumns.ticket
            }
        }
    }

    /// The property that gives each flag's default (`defaults`).
    public var defaults: String?
    /// The property that gives each flag's Remote Config parameter (`remote_key`).
    public var remoteKey: String?
    /// How the parameter of a flag that the remote-key property's `default:` arm
    /// covers is spelt, from its case name (`remote_key_default`).
    public var remoteKeyDefault: KeyStyle?
    /// The property that gives each flag's description (`description`).
    public var description: String?
    /// The dictionary whose entries describe each flag (`registry`).
    public var registry: String?
    /// The labels of the registry entries' fields, where they differ from the defaults.
    public var registryFields: [RegistryField: String] = [:]
    /// Other properties shown as catalog columns, by column name (`columns`), in order.
    public var columns: [(column: String, property: String)] = []
    /// The `// MARK:` groups whose declarations are the flags (`flag_marks`), for a
    /// type that declares other things too; empty when every declaration that
    /// looks like a flag is one.
    public var flagMarks: [String] = []
    /// Where each key's value is written.
    public var locations: [Key: SourceLocation] = [:]

    /// No settings: flags are the declarations' keys and nothing more.
    public init() {}

    /// Every property the settings name: each describes every flag, so none is a use of one.
    public var describingProperties: Set<String> {
        Set([defaults, remoteKey, description, registry].compactMap { $0 } + columns.map(\.property))
    }

    /// The labels a registry field is looked for under.
    public func labels(of field: RegistryField) -> [String] {
        registryFields[field].map { [$0] } ?? field.defaultLabels
    }

    public static func == (lhs: SwiftSettings, rhs: SwiftSettings) -> Bool {
        (lhs.defaults, lhs.remoteKey, lhs.remoteKeyDefault, lhs.description, lhs.registry) == (rhs.defaults, rhs.remoteKey, rhs.remoteKeyDefault, rhs.description, rhs.registry)
            && lhs.registryFields == rhs.registryFields && lhs.flagMarks == rhs.flagMarks && lhs.locations == rhs.locations && lhs.columns.elementsEqual(rhs.columns) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(defaults)
        hasher.combine(remoteKey)
        hasher.combine(registry)
        hasher.combine(flagMarks)
        for column in columns {
            hasher.combine(column.column)
            hasher.combine(column.property)
        }
    }
}

extension ConfigurationValues {
    /// The `swift` mapping.
    mutating func swift(_ node: Node) -> SwiftSettings {
        var settings = SwiftSettings()
        guard let mapping = node.mapping else {
            fail("'swift' must be a mapping, e.g. { defaults: defaultValue, remote_key: remoteKey }", node, key: "swift")
            return settings
        }
        for (key, _, value) in members(of: mapping, as: SwiftSettings.Key.self) {
            let name = "swift.\(key.rawValue)"
            settings.locations[key] = location(of: value)
            switch key {
            case .defaults: settings.defaults = member(value, key: name)
            case .remoteKey: settings.remoteKey = identifier(value, key: name)
            case .remoteKeyDefault: settings.remoteKeyDefault = choice(value, key: name, as: KeyStyle.self)
            case .description: settings.description = identifier(value, key: name)
            case .registry: settings.registry = identifier(value, key: name)
            case .registryFields:
                guard let fields = value.mapping else {
                    fail("'\(name)' must map fields to argument labels, e.g. { owner: team }", value, key: name)
                    continue
                }
                for (field, _, label) in members(of: fields, as: SwiftSettings.RegistryField.self) {
                    if let label = identifier(label, key: "\(name).\(field.rawValue)") { settings.registryFields[field] = label }
                }
            case .flagMarks: settings.flagMarks = strings(value, key: name, allowSingle: true) ?? []
            case .columns:
                guard let columns = value.mapping else {
                    fail("'\(name)' must map column names to properties, e.g. { Debug menu: isEditableInDebugMenu }", value, key: name)
                    continue
                }
                for (column, property) in columns {
                    guard let title = column.string, !title.isEmpty else { continue }
                    if let property = identifier(property, key: "\(name).\(title)") { settings.columns.append((title, property)) }
                }
            }
        }
        return settings
    }

    /// A member's name, or `Type.member` for one of another type than the flags'.
    mutating func member(_ node: Node, key: String) -> String? {
        guard let text = string(node, key: key) else { return nil }
        let names = text.split(separator: ".", omittingEmptySubsequences: false).map { Self.swiftName(String($0)) }
        guard (1...2).contains(names.count), names.allSatisfy({ $0 != nil }) else {
            fail("'\(key)' must be a Swift name, such as defaultValue, or Type.name, not '\(text)'", node, key: key)
            return nil
        }
        return names.compactMap { $0 }.joined(separator: ".")
    }

    /// A Swift identifier, such as a property's name; a keyword used as a name may
    /// be written with or without its backticks (`default` or `` `default` ``).
    mutating func identifier(_ node: Node, key: String) -> String? {
        guard let text = string(node, key: key) else { return nil }
        guard let name = Self.swiftName(text) else {
            fail("'\(key)' must be a Swift name, such as defaultValue, not '\(text)'", node, key: key)
            return nil
        }
        return name
    }

    /// The name a text writes, its backticks taken off; `nil` when it is not a Swift name.
    private static func swiftName(_ written: String) -> String? {
        var text = written
        if text.count > 2, text.hasPrefix("`"), text.hasSuffix("`") { text = String(text.dropFirst().dropLast()) }
        guard let first = text.first, first == "_" || first.isLetter, text.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }) else { return nil }
        return text
    }
}
