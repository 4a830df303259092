extension Validator {
    /// The Remote Config templates and settings against the enum, the tenants and the bundled values.
    static func remoteConfigDiagnostics(_ matrix: ResolvedMatrix) -> [Diagnostic] {
        guard let remote = matrix.model.remoteConfig else { return [] }
        let model = matrix.model
        var diagnostics = settingDiagnostics(remote, model: model)
        let flagsByParameter = Dictionary(model.flags.filter { remote.isLinked($0.key) }.map { (remote.parameterName(for: $0.key), $0) }) { first, _ in first }
        for (template, environments) in remote.templatesByFile(environments: model.environments) {
            diagnostics += expressionDiagnostics(template, environments: environments, remote: remote, model: model)
            for parameter in template.parameters {
                guard let flag = flagsByParameter[parameter.name] else {
                    diagnostics.append(
                        .warning(
                            "parameter '\(parameter.name)' is not a flag of enum \(model.flagEnum.name)", at: parameter.location,
                            hint: Suggestion.didYouMean(parameter.name, in: flagsByParameter.keys.sorted())
                                ?? "the app reads only parameters named after its flags"))
                    continue
                }
                diagnostics += parameterDiagnostics(parameter, flag: flag, type: matrix.type(of: flag), template: template)
                if let redundant = redundantValue(parameter, flag: flag, environments: environments, matrix: matrix) {
                    diagnostics.append(redundant)
                }
            }
        }
        return diagnostics
    }

    /// Tenants and flags named in `remote_config` that do not exist.
    private static func settingDiagnostics(_ remote: RemoteConfig, model: FlagModel) -> [Diagnostic] {
        let ids = model.tenants.map(\.id)
        let keys = model.flags.map(\.key)
        let tenants = remote.identities.keys.sorted().filter { model.tenant($0) == nil }.map { id in
            Diagnostic.warning(
                "remote_config names tenant '\(id)', but no tenant file has that id",
                at: remote.settingLocations.tenants[id], hint: Suggestion.didYouMean(id, in: ids))
        }
        let flags = remote.parameterNames.keys.sorted().filter { model.flag($0) == nil }.map { key in
            Diagnostic.warning(
                "remote_config.parameters names '\(key)', which is not a flag of enum \(model.flagEnum.name)",
                at: remote.settingLocations.parameters[key], hint: Suggestion.didYouMean(key, in: keys))
        }
        return tenants + flags
    }

    /// Parts Flagstaff cannot read, and conditions no tenant can ever match.
    private static func expressionDiagnostics(
        _ template: RemoteTemplate, environments: [String], remote: RemoteConfig, model: FlagModel
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for condition in template.conditions {
            for part in condition.expression.parts {
                guard case .unparsed(let problem) = part.kind else { continue }
                diagnostics.append(
                    .warning(
                        "cannot read '\(part.text)' in condition '\(condition.name)': \(problem)", at: part.location,
                        hint: "the cells this condition could decide are shown as varying"))
            }
            let neverTrue = !model.tenants.isEmpty && model.tenants.allSatisfy { tenant in
                condition.expression.truth(for: tenant.id, identity: remote.identity(of: tenant.id), tenantSignal: remote.tenantSignal).value == .no
            }
            if neverTrue {
                diagnostics.append(
                    .warning(
                        "no tenant can match condition '\(condition.name)'", at: condition.location,
                        hint: "check the app ids and signal values in remote_config, or remove the condition"))
            }
        }
        return diagnostics
    }

    /// A value type that contradicts the flag, and values that do not fit its type.
    private static func parameterDiagnostics(_ parameter: RemoteParameter, flag: Flag, type: FlagType, template: RemoteTemplate) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if let location = parameter.valueTypeLocation, !parameter.valueType.fits(type) {
            diagnostics.append(
                .error(
                    "parameter '\(parameter.name)' has valueType \(parameter.valueType.rawValue), but '\(flag.key)' is a \(type) flag",
                    at: location, hint: "use \(Self.valueType(for: type))"))
        }
        let values = [parameter.defaultValue].compactMap { $0 } + parameter.conditionalValues.map(\.value)
        for value in values {
            guard let text = value.text, FlagValue(remote: text, as: type) == nil else { continue }
            diagnostics.append(
                .error(
                    "\"\(text)\" is not a \(type) value, but '\(flag.key)' is a \(type) flag", at: value.location,
                    hint: type == .bool ? "write \"true\" or \"false\"" : type == .number ? "write a number, e.g. \"12\"" : nil))
        }
        return diagnostics
    }

    /// The value type that fits a flag type.
    private static func valueType(for type: FlagType) -> String {
        switch type {
        case .bool: RemoteValueType.boolean.rawValue
        case .number: RemoteValueType.number.rawValue
        case .string: RemoteValueType.string.rawValue
        case .structured: RemoteValueType.json.rawValue
        }
    }

    /// A parameter whose remote value equals the app's own value in every cell it decides, so it changes nothing.
    private static func redundantValue(_ parameter: RemoteParameter, flag: Flag, environments: [String], matrix: ResolvedMatrix) -> Diagnostic? {
        var decided = 0
        for tenant in matrix.model.tenants {
            for environment in environments {
                let cell = matrix.resolution(flag, tenant, environment)
                guard cell.layer == RemoteConfigLayer.layer else { continue }
                guard !cell.isVarying, let hidden = cell.hidden, hidden.value == cell.value else { return nil }
                decided += 1
            }
        }
        guard decided > 0 else { return nil }
        return .warning(
            "remote config sets '\(parameter.name)' to the value the app already ships, everywhere it applies, so it changes nothing",
            at: parameter.location, hint: "remove the value, or set it to useInAppDefault")
    }
}
