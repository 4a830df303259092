import FlagstaffCore

/// Reads one tenant's `FeatureFlags.defaults.json`: flag keys with base values at
/// the top level, and `overrides` mapping an environment to the values that differ there.
public enum TenantDefaultsReader {
    /// The key that holds per-environment overrides.
    public static let overridesKey = "overrides"

    /// Reads a tenant file. Returns the tenant when the file could be read at all,
    /// and every problem found in it. Keys are not checked against the enum here;
    /// when the enum's `keys` are given, the settings are stored against them
    /// (see `SettingTable`), with room for as many base values as the enum has flags.
    public static func read(
        _ text: String, file: String, id: String, name: String, keys: FlagKeys? = nil
    ) -> (tenant: Tenant?, diagnostics: [Diagnostic]) {
        // Members are taken as the parser reads them: the file's members are never
        // all held at once, beside the settings made from them.
        let base = SettingTable(keys: keys, capacity: keys?.count ?? 0)
        var builder = TenantBuilder(tenant: Tenant(id: id, name: name, file: file, base: base), keys: keys)
        let root: PositionedJSON
        do {
            root = try PositionedJSONParser.parse(text, file: file, rootMembersTo: &builder)
        } catch {
            return (nil, [.error("malformed JSON: \(error.message)", at: error.location)])
        }
        guard case .object = root.kind else {
            return (nil, [.error("a tenant file must hold a JSON object, found \(root.kindName)", at: root.location)])
        }
        builder.tenant.layout.root = root.range
        return (builder.tenant, builder.diagnostics)
    }

    /// A tenant made from its file's top-level members, one at a time.
    private struct TenantBuilder: PositionedJSONMemberSink {
        var tenant: Tenant
        let keys: FlagKeys?
        var diagnostics: [Diagnostic] = []
        var overridesKeyAt: SourceLocation?
        var firstOfRejected: [String: SourceLocation] = [:]

        mutating func take(_ member: PositionedJSON.Member) {
            guard member.key == overridesKey else {
                add(member, to: &tenant.base, firstOfRejected: &firstOfRejected, diagnostics: &diagnostics)
                return
            }
            if let first = overridesKeyAt {
                diagnostics.append(duplicate(member, first: first))
                return
            }
            overridesKeyAt = member.keyLocation
            tenant.layout.overridesKey = member.keyRange
            tenant.layout.overrides = member.value.range
            readOverrides(member.value, into: &tenant, keys: keys, diagnostics: &diagnostics)
        }
    }

    /// Adds a member's setting to `settings`. The first of two members with one key
    /// is kept, even when its value is refused; each repeat is an error. Repeats are
    /// found by the insertion itself, so a key is looked up once.
    private static func add(
        _ member: PositionedJSON.Member, to settings: inout SettingTable, firstOfRejected: inout [String: SourceLocation],
        diagnostics: inout [Diagnostic]
    ) {
        if !firstOfRejected.isEmpty, let first = firstOfRejected[member.key] {
            diagnostics.append(duplicate(member, first: first))
            return
        }
        guard let setting = setting(member) else {
            if let earlier = settings[member.key] {
                diagnostics.append(duplicate(member, first: earlier.keyLocation))
            } else {
                diagnostics.append(refusal(member))
                firstOfRejected[member.key] = member.keyLocation
            }
            return
        }
        if let earlier = settings.insert(setting, forKey: member.key) {
            diagnostics.append(duplicate(member, first: earlier.keyLocation))
        }
    }

    /// The error for a key that appeared before, at `first`.
    private static func duplicate(_ member: PositionedJSON.Member, first: SourceLocation) -> Diagnostic {
        .error(
            "duplicate key '\(member.key)'", at: member.keyLocation,
            hint: "it is first set at line \(first.line), column \(first.column)")
    }

    private static func readOverrides(_ value: PositionedJSON, into tenant: inout Tenant, keys: FlagKeys?, diagnostics: inout [Diagnostic]) {
        guard case .object(let environments) = value.kind else {
            diagnostics.append(
                .error(
                    "'overrides' must be an object mapping environments to values, found \(value.kindName)",
                    at: value.location, hint: "for example \"overrides\": {\"uat\": {\"ENABLE_X\": true}}"))
            return
        }
        for index in unique(environments, diagnostics: &diagnostics) {
            let environment = environments[index]
            tenant.overrideLocations[environment.key] = environment.keyLocation
            tenant.layout.environments[environment.key] = environment.value.range
            guard case .object(let values) = environment.value.kind else {
                diagnostics.append(
                    .error(
                        "overrides for '\(environment.key)' must be an object of flag values, found \(environment.value.kindName)",
                        at: environment.value.location))
                continue
            }
            var settings = SettingTable(keys: keys, capacity: values.count)
            var firstOfRejected: [String: SourceLocation] = [:]
            for value in values { add(value, to: &settings, firstOfRejected: &firstOfRejected, diagnostics: &diagnostics) }
            tenant.overrides[environment.key] = settings
        }
    }

    /// The positions of the members whose key has not appeared before; each repeat is an error.
    private static func unique(_ members: [PositionedJSON.Member], diagnostics: inout [Diagnostic]) -> [Int] {
        var first: [String: Int] = Dictionary(minimumCapacity: members.count)
        var kept: [Int] = []
        kept.reserveCapacity(members.count)
        for index in members.indices {
            let key = members[index].key
            if let earlier = first.updateValue(index, forKey: key) {
                first[key] = earlier
                diagnostics.append(duplicate(members[index], first: members[earlier].keyLocation))
            } else {
                kept.append(index)
            }
        }
        return kept
    }

    /// A member's setting; `nil` when its value is not a Bool, number or string.
    private static func setting(_ member: PositionedJSON.Member) -> Tenant.Setting? {
        let value: FlagValue
        switch member.value.kind {
        case .bool(let bool): value = .bool(bool)
        case .string(let text): value = .string(text)
        case .number(let text): value = Int(text).map(FlagValue.integer) ?? .decimal(text)
        case .object, .array, .null: return nil
        }
        return Tenant.Setting(
            value: value, location: member.value.location, keyLocation: member.keyLocation, keyRange: member.keyRange,
            valueRange: member.value.range, trailingComma: member.trailingComma)
    }

    /// The error for a member whose value is not a Bool, number or string.
    private static func refusal(_ member: PositionedJSON.Member) -> Diagnostic {
        .error("the value of '\(member.key)' must be a Bool, number or string, found \(member.value.kindName)", at: member.value.location)
    }
}
