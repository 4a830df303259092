import FlagstaffCore

/// Reads one tenant's `FeatureFlags.defaults.json`: flag keys with base values at
/// the top level, and `overrides` mapping an environment to the values that differ there.
public enum TenantDefaultsReader {
    /// The key that holds per-environment overrides.
    public static let overridesKey = "overrides"

    /// Reads a tenant file. Returns the tenant when the file could be read at all,
    /// and every problem found in it. Keys are not checked against the enum here.
    public static func read(_ text: String, file: String, id: String, name: String) -> (tenant: Tenant?, diagnostics: [Diagnostic]) {
        let root: PositionedJSON
        do {
            root = try PositionedJSONParser.parse(text, file: file)
        } catch {
            return (nil, [.error("malformed JSON: \(error.message)", at: error.location)])
        }
        guard case .object(let members) = root.kind else {
            return (nil, [.error("a tenant file must hold a JSON object, found \(root.kindName)", at: root.location)])
        }
        var diagnostics: [Diagnostic] = []
        var tenant = Tenant(id: id, name: name, file: file, layout: Tenant.FileLayout(root: root.range))
        tenant.base.reserveCapacity(members.count)
        for index in unique(members, diagnostics: &diagnostics) {
            if members[index].key == overridesKey {
                tenant.layout.overridesKey = members[index].keyRange
                tenant.layout.overrides = members[index].value.range
                readOverrides(members[index].value, into: &tenant, diagnostics: &diagnostics)
            } else if let setting = setting(members[index], diagnostics: &diagnostics) {
                tenant.base[members[index].key] = setting
            }
        }
        return (tenant, diagnostics)
    }

    private static func readOverrides(_ value: PositionedJSON, into tenant: inout Tenant, diagnostics: inout [Diagnostic]) {
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
            var settings: [String: Tenant.Setting] = Dictionary(minimumCapacity: values.count)
            for index in unique(values, diagnostics: &diagnostics) {
                if let setting = setting(values[index], diagnostics: &diagnostics) { settings[values[index].key] = setting }
            }
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
                let location = members[earlier].keyLocation
                diagnostics.append(
                    .error(
                        "duplicate key '\(key)'", at: members[index].keyLocation,
                        hint: "it is first set at line \(location.line), column \(location.column)"))
            } else {
                kept.append(index)
            }
        }
        return kept
    }

    private static func setting(_ member: PositionedJSON.Member, diagnostics: inout [Diagnostic]) -> Tenant.Setting? {
        let value: FlagValue
        switch member.value.kind {
        case .bool(let bool): value = .bool(bool)
        case .string(let text): value = .string(text)
        case .number(let text): value = Int(text).map(FlagValue.integer) ?? .decimal(text)
        case .object, .array, .null:
            diagnostics.append(
                .error(
                    "the value of '\(member.key)' must be a Bool, number or string, found \(member.value.kindName)",
                    at: member.value.location))
            return nil
        }
        return Tenant.Setting(
            value: value, location: member.value.location, keyLocation: member.keyLocation, keyRange: member.keyRange,
            valueRange: member.value.range, trailingComma: member.trailingComma)
    }
}
