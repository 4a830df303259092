import FlagstaffCore

/// Reads one tenant's `FeatureFlags.defaults.json`: flag keys with base values at
/// the top level, and `overrides` mapping an environment to the values that differ there.
public enum TenantDefaultsReader {
    /// The key that holds per-environment overrides.
    public static let overridesKey = overridesKeyText.description
    private static let overridesKeyText: StaticString = "overrides"

    /// Reads a tenant file. Returns the tenant when the file could be read at all,
    /// and every problem found in it. Keys are not checked against the enum here;
    /// when the enum's `keys` are given, the settings are stored against them
    /// (see `SettingTable`), with room for as many base values as the enum has flags.
    public static func read(
        _ text: String, file: String, id: String, name: String, keys: FlagKeys? = nil
    ) -> (tenant: Tenant?, diagnostics: [Diagnostic]) {
        guard let keys else { return read(text, file: file, id: id, name: name, keys: nil, lookup: nil) }
        return keys.withUTF8Lookup { lookup in read(text, file: file, id: id, name: name, keys: keys, lookup: lookup) }
    }

    /// Reads a tenant file, looking up keys with `lookup`, a view of `keys`.
    private static func read(
        _ text: String, file: String, id: String, name: String, keys: FlagKeys?, lookup: FlagKeys.UTF8Lookup?
    ) -> (tenant: Tenant?, diagnostics: [Diagnostic]) {
        // Members are taken as the parser reads them, and their keys looked up by
        // their bytes: the file's members are never all held at once, beside the
        // settings made from them.
        let base = SettingTable(keys: keys, capacity: keys?.count ?? 0)
        var builder = TenantBuilder(tenant: Tenant(id: id, name: name, file: file, base: base), keys: keys, finder: lookup.map(KeyFinder.init))
        let notAnObject: PositionedJSON?
        do {
            notAnObject = try PositionedJSONParser.read(text, file: file) { parser throws(JSONSyntaxError) in
                guard parser.isAtObject else { return try parser.parseValue() }
                _ = try parser.readObject { parser, key throws(JSONSyntaxError) in
                    try builder.readRootMember(key, &parser)
                }
                return nil
            }
        } catch {
            return (nil, [error.malformed])
        }
        if let root = notAnObject {
            return (nil, [.error("a tenant file must hold a JSON object, found \(root.kindName)", at: root.location)])
        }
        return (builder.tenant, builder.diagnostics)
    }

    /// A tenant made from its file's members, one at a time.
    private struct TenantBuilder {
        var tenant: Tenant
        let keys: FlagKeys?
        /// What finds each key's flag, when the builder has the keys.
        var finder: KeyFinder?
        var diagnostics: [Diagnostic] = []
        var overridesKeyAt: SourceLocation?
        /// The top-level keys whose first value was refused, and where they are.
        var firstOfRejected: [String: SourceLocation] = [:]
        /// How many settings the last environment's overrides had: room for as many
        /// in the next, which is usually about as long, rather than growing by doubling.
        var lastOverrideCount = 0

        /// Reads a member of the top-level object: a base value, or the overrides.
        mutating func readRootMember(_ key: PositionedJSONKey, _ parser: inout PositionedJSONParser) throws(JSONSyntaxError) {
            guard key.equals(overridesKeyText) else {
                try Self.readSetting(
                    key, &parser, finder: &finder, into: &tenant.base, firstOfRejected: &firstOfRejected, diagnostics: &diagnostics)
                return
            }
            if let first = overridesKeyAt {
                diagnostics.append(duplicate(key, in: parser.file, first: first))
                _ = try parser.parseValue()
                return
            }
            overridesKeyAt = key.location(in: parser.file)
            guard parser.isAtObject else {
                let value = try parser.parseValue()
                diagnostics.append(
                    .error(
                        "'overrides' must be an object mapping environments to values, found \(value.kindName)",
                        at: value.location, hint: "for example \"overrides\": {\"uat\": {\"ENABLE_X\": true}}"))
                return
            }
            var environments: [String: SourceLocation] = [:]
            _ = try parser.readObject { parser, key throws(JSONSyntaxError) in
                try readEnvironment(key, &parser, seen: &environments)
            }
        }

        /// Reads one environment's overrides. An environment's second object is an
        /// error, and none of its values is read.
        private mutating func readEnvironment(
            _ key: PositionedJSONKey, _ parser: inout PositionedJSONParser, seen: inout [String: SourceLocation]
        ) throws(JSONSyntaxError) {
            let (environment, location) = (key.string, key.location(in: parser.file))
            if let first = seen[environment] {
                diagnostics.append(duplicate(key, in: parser.file, first: first))
                _ = try parser.parseValue()
                return
            }
            seen[environment] = location
            tenant.overrideLocations[environment] = location
            guard parser.isAtObject else {
                let value = try parser.parseValue()
                diagnostics.append(
                    .error(
                        "overrides for '\(environment)' must be an object of flag values, found \(value.kindName)", at: value.location))
                return
            }
            var settings = SettingTable(keys: keys, capacity: lastOverrideCount)
            var firstOfRejected: [String: SourceLocation] = [:]
            _ = try parser.readObject { parser, key throws(JSONSyntaxError) in
                try Self.readSetting(key, &parser, finder: &finder, into: &settings, firstOfRejected: &firstOfRejected, diagnostics: &diagnostics)
            }
            lastOverrideCount = settings.count
            tenant.overrides[environment] = settings
        }

        /// Reads a member's value and adds its setting to `settings`. The first of two
        /// members with one key is kept, even when its value is refused; each repeat
        /// is an error. Repeats are found by the insertion itself, so a key is looked
        /// up once, by its bytes when it has no escapes.
        private static func readSetting(
            _ key: PositionedJSONKey, _ parser: inout PositionedJSONParser, finder: inout KeyFinder?, into settings: inout SettingTable,
            firstOfRejected: inout [String: SourceLocation], diagnostics: inout [Diagnostic]
        ) throws(JSONSyntaxError) {
            let (kind, line, column, range) = try parser.parseValueKind()
            if !firstOfRejected.isEmpty, let first = firstOfRejected[key.string] {
                diagnostics.append(duplicate(key, in: parser.file, first: first))
                return
            }
            guard let value = flagValue(kind) else {
                let location = SourceLocation(file: parser.file, line: line, column: column)
                if let earlier = settings[key.string] {
                    diagnostics.append(duplicate(key, in: parser.file, first: earlier.keyLocation))
                } else {
                    let found = PositionedJSON(kind: kind, location: location, range: range).kindName
                    diagnostics.append(
                        .error(
                            "the value of '\(key.string)' must be a Bool, number, string, array or object, found \(found)", at: location,
                            hint: "a flag that is not set is left out of the file"))
                    firstOfRejected[key.string] = key.location(in: parser.file)
                }
                return
            }
            // A key the table's keys have is stored without a `Tenant.Setting` on the way.
            let earlier =
                if let flag = finder?.flag(of: key) {
                    settings.insert(value, flag: flag, file: parser.file, line: line, column: column, keyLine: key.line, keyColumn: key.column)
                } else {
                    settings.insert(
                        Tenant.Setting(
                            value: value, location: SourceLocation(file: parser.file, line: line, column: column), keyLine: key.line,
                            keyColumn: key.column), forKey: key.string)?.keyLocation
                }
            if let earlier { diagnostics.append(duplicate(key, in: parser.file, first: earlier)) }
        }
    }

    /// Finds the flag of each key of a file in the enum's keys: by its bytes when it
    /// has no escapes, trying first the flag after the last one found.
    private struct KeyFinder {
        let lookup: FlagKeys.UTF8Lookup
        /// Where the last key found is in the lookup's table.
        var previous = -1

        init(_ lookup: FlagKeys.UTF8Lookup) { self.lookup = lookup }

        /// The position of the key's flag, if the enum declares one.
        mutating func flag(of key: PositionedJSONKey) -> Int? {
            guard let utf8 = key.plainUTF8 else { return lookup.position(of: key.string) }
            return lookup.position(ofUTF8: utf8, after: &previous)
        }
    }

    /// The error for a key that appeared before, at `first`.
    private static func duplicate(_ key: PositionedJSONKey, in file: String, first: SourceLocation) -> Diagnostic {
        .error(
            "duplicate key '\(key.string)'", at: key.location(in: file),
            hint: "it is first set at line \(first.line), column \(first.column)")
    }

    /// The flag value of a JSON value: arrays and objects are a JSON value of their
    /// own, compared structurally; `nil` for `null`.
    private static func flagValue(_ kind: PositionedJSON.Kind) -> FlagValue? {
        switch kind {
        case .bool(let bool): .bool(bool)
        case .string(let text): .string(text)
        case .number(let text): Int(text).map(FlagValue.integer) ?? .decimal(text)
        case .object, .array: .structured(StructuredValue(kind))
        case .null: nil
        }
    }
}
