/// Checks that the sources and the configuration agree with each other. Readers
/// report what is wrong inside one file; the validator reports what is wrong between files.
public enum Validator {
    /// Every cross-source diagnostic of a resolved model, errors and warnings, unsorted.
    public static func validate(_ matrix: ResolvedMatrix) -> [Diagnostic] {
        let model = matrix.model
        return enumDiagnostics(model.flagEnums) + catalogDiagnostics(model)
            + Parallel.map(model.tenants.count) { tenantDiagnostics(model.tenants[$0], settings: matrix.settings[$0], model: model, types: matrix.flagTypes) }.joined()
            + tenantNameDiagnostics(model) + tenantFactsDiagnostics(model) + [versionTargetWithoutCurrentVersion(model)].compactMap { $0 }
            + remoteConfigDiagnostics(matrix) + valueFileDiagnostics(model)
    }

    /// Duplicate keys: two cases of one type with the same raw value, or two
    /// declaring types that both declare a key, each at its place.
    static func enumDiagnostics(_ flagEnums: [FlagEnum]) -> [Diagnostic] {
        // Each key's first flag by its type's and its own position: a flag is too
        // large a value to copy into a table of thousands.
        var firstByKey: [String: (type: Int, flag: Int)] = [:]
        firstByKey.reserveCapacity(flagEnums.reduce(0) { $0 + $1.flags.count })
        var diagnostics: [Diagnostic] = []
        for (typePosition, flagEnum) in flagEnums.enumerated() {
            for (position, flag) in flagEnum.flags.enumerated() {
                guard let firstPosition = firstByKey[flag.key] else {
                    firstByKey[flag.key] = (typePosition, position)
                    continue
                }
                let first = (flag: flagEnums[firstPosition.type].flags[firstPosition.flag], type: flagEnums[firstPosition.type].name)
                if first.type == flagEnum.name {
                    diagnostics.append(
                        .error(
                            "duplicate raw value '\(flag.key)' for case '\(flag.caseName)'", at: flag.location,
                            hint: "case '\(first.flag.caseName)' at line \(first.flag.location.line) already uses it"))
                } else {
                    diagnostics.append(
                        .error(
                            "key '\(flag.key)' is declared by both \(first.type).\(first.flag.caseName) (\(first.flag.location)) and \(flagEnum.name).\(flag.caseName)",
                            at: flag.location, hint: "one key would name two flags in the matrix and in remote config; rename one of them"))
                }
            }
        }
        return diagnostics
    }

    /// Rows missing for enum keys, rows for keys the enum lacks, and duplicate rows.
    static func catalogDiagnostics(_ model: FlagModel) -> [Diagnostic] {
        let keys = Set(model.flags.map(\.key))
        var diagnostics: [Diagnostic] = []
        // Each key's first row, by where it is.
        var firstRow: [String: SourceLocation] = [:]
        firstRow.reserveCapacity(model.catalog.entries.count)
        // Computed once, not per row, so a catalog of many unknown rows stays linear.
        let rowKeys = Set(model.catalog.entries.map(\.key))
        let keysWithoutRow = model.flags.map(\.key).filter { !rowKeys.contains($0) }
        for entry in model.catalog.entries {
            if let first = firstRow[entry.key] {
                diagnostics.append(
                    .error(
                        "duplicate catalog row for '\(entry.key)'", at: entry.location,
                        hint: "the first row is at line \(first.line)"))
                continue
            }
            firstRow[entry.key] = entry.location
            if !keys.contains(entry.key) {
                diagnostics.append(
                    .error(
                        "catalog row '\(entry.key)' is not a case of \(model.declaringTypes)", at: entry.location,
                        hint: Suggestion.didYouMean(entry.key, in: keysWithoutRow)
                            ?? "remove the row or add the case"))
            }
        }
        var reported = Set<String>()
        // A catalog no file holds is made from the declarations: it has every flag.
        for flag in model.flags where model.catalog.isWritten && firstRow[flag.key] == nil && reported.insert(flag.key).inserted {
            diagnostics.append(
                .error(
                    "the catalog has no row for '\(flag.key)'", at: model.catalog.location,
                    hint: "add a row; the case '\(flag.caseName)' is declared at \(flag.location)"))
        }
        return diagnostics
    }

    /// The unknown keys of one tenant file reported one by one, each with a hint.
    static let unknownKeysReported = 100

    /// Unknown keys, unknown environments, wrong value types and flags that fall back.
    static func tenantDiagnostics(_ tenant: Tenant, settings: IndexedSettings, model: FlagModel, types: [FlagType]) -> [Diagnostic] {
        let flags = model.flags
        var diagnostics: [Diagnostic] = []
        var unknown = settings.unknown
        for environment in tenant.overrides.keys.sorted() where !model.environments.contains(environment) {
            diagnostics.append(
                .error(
                    "override for environment '\(environment)', which is not configured",
                    at: tenant.overrideLocations[environment] ?? .start(of: tenant.file),
                    hint: Suggestion.didYouMean(environment, in: model.environments)
                        ?? "configured environments: \(model.environments.joined(separator: ", "))"))
            for (key, setting) in tenant.overrides[environment] ?? [:] {
                if let flag = model.flagIndex(key) {
                    diagnostics += typeDiagnostic(setting.value, at: setting.location, key: key, expected: types[flag])
                } else {
                    unknown.append((key, environment, setting))
                }
            }
        }
        // Each hint compares the key with every flag; past the limit one error stands
        // for the rest. The keys reported one by one are the first in the file, so a
        // run reports the same ones every time, whatever order they were found in.
        unknown.sort { $0.setting.keyLocation < $1.setting.keyLocation }
        let keys = unknown.isEmpty ? [] : flags.map(\.key)
        for item in unknown.prefix(unknownKeysReported) {
            diagnostics.append(
                .error(
                    "'\(item.key)' is not a flag of \(model.declaringTypes)", at: item.setting.keyLocation,
                    hint: Suggestion.didYouMean(item.key, in: keys)))
        }
        if unknown.count > unknownKeysReported {
            diagnostics.append(
                .error(
                    "\(unknown.count - unknownKeysReported) more keys are not flags of \(model.declaringTypes)",
                    at: .start(of: tenant.file), hint: "only the first \(unknownKeysReported) are reported one by one"))
        }
        settings.forEachEntry { entry in
            guard entry.value.type != types[entry.flag], !model.repeatedFlags.keys.contains(entry.flag) else { return }
            diagnostics += typeDiagnostic(entry.value, at: settings.location(of: entry), key: flags[entry.flag].key, expected: types[entry.flag])
        }
        // A single app has no file to set values in, and a flag with a default in
        // code does not fall back.
        let unset = model.isSingleApp ? [] : settings.unsetEnvironments(flagCount: flags.count)
        for (flag, environments) in unset.enumerated() where !environments.isEmpty && flags[flag].codeDefault == nil {
            let key = flags[flag].key
            let fallsBackIn = environments.map { model.environments[$0] }
            let scope = fallsBackIn.count == model.environments.count ? "" : " in \(fallsBackIn.joined(separator: ", "))"
            diagnostics.append(
                .warning(
                    "tenant \(tenant.id) does not set '\(key)', so it falls back to \(describe(types[flag].fallbackValue))\(scope)",
                    at: .start(of: tenant.file), hint: "add it to the file if the fallback is intended"))
        }
        return diagnostics
    }

    /// An error when a setting's value does not have its flag's type.
    static func typeDiagnostic(_ value: FlagValue, at location: SourceLocation, key: String, expected: FlagType) -> [Diagnostic] {
        guard value.type != expected else { return [] }
        return [
            .error(
                "'\(key)' is a \(expected) flag, but this value is a \(value.type)", at: location,
                hint: typeHint(for: value, expected: expected))
        ]
    }

    /// A display name in `tenant_names` for an id that no tenant file has.
    static func tenantNameDiagnostics(_ model: FlagModel) -> [Diagnostic] {
        let ids = model.tenants.map(\.id)
        return model.tenantNames.keys.sorted().filter { model.tenant($0) == nil }.map { id in
            .warning(
                "tenant_names names '\(id)', but no tenant file has that id",
                at: model.tenantNamesLocation, hint: Suggestion.didYouMean(id, in: ids))
        }
    }

    /// Facts in `tenant_facts` about an id that no tenant has: an error at the id.
    static func tenantFactsDiagnostics(_ model: FlagModel) -> [Diagnostic] {
        let ids = model.tenants.map(\.id)
        return model.tenantFacts.filter { model.tenant($0.tenant) == nil }.map { entry in
            .error(
                "tenant_facts names '\(entry.tenant)', but no tenant file has that id",
                at: entry.location, hint: Suggestion.didYouMean(entry.tenant, in: ids) ?? "tenants: \(ids.joined(separator: ", "))")
        }
    }

    /// A version target cannot be compared without `current_version`: one warning, at the first such cell.
    static func versionTargetWithoutCurrentVersion(_ model: FlagModel) -> Diagnostic? {
        guard model.policy.currentVersion == nil else { return nil }
        for entry in model.catalog.entries {
            guard case .version(let version)? = entry.lifecycle.removeBy else { continue }
            return .warning(
                "'\(LifecycleColumns.removeBy)' \(version) is an app version, but flagstaff.yml sets no current_version, so version targets are never due",
                at: entry.lifecycle.removeByLocation, hint: "add current_version: \"x.y\" to flagstaff.yml")
        }
        return nil
    }

    static func typeHint(for value: FlagValue, expected: FlagType) -> String? {
        switch (value, expected) {
        case (.string(let text), .bool) where text == "true" || text == "false":
            "write \(text) without quotes"
        case (.string(let text), .number) where Double(text) != nil:
            "write \(text) without quotes"
        default:
            "a flag keeps one type across all tenants"
        }
    }

    static func describe(_ value: FlagValue) -> String {
        if case .string(let text) = value { return "\"\(text)\"" }
        return value.description
    }
}
