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
                    // A shared template holds the other apps' parameters too.
                    if remote.isShared { continue }
                    // The parameter a flag would read by its name, where the flag's code says it reads none.
                    if let unlinked = model.flags.first(where: { !remote.isLinked($0.key) && remote.naming.name(for: $0.key) == parameter.name }) {
                        let place = if case .unlinked(let location)? = unlinked.remoteKey { " (\(location))" } else { "" }
                        diagnostics.append(
                            .warning(
                                "parameter '\(parameter.name)' is never read: the code of flag '\(unlinked.key)' says it reads no parameter\(place)",
                                at: parameter.location, hint: "remove the parameter, or give the flag its name in the code's remote key"))
                        continue
                    }
                    diagnostics.append(
                        .warning(
                            "parameter '\(parameter.name)' is not a flag of \(model.declaringTypes)", at: parameter.location,
                            hint: Suggestion.didYouMean(parameter.name, in: flagsByParameter.keys.sorted())
                                ?? "the app reads only parameters named after its flags"))
                    continue
                }
                diagnostics += parameterDiagnostics(parameter, flag: flag, type: matrix.type(of: flag), template: template)
                // In a shared template, a value equal to this app's may be there for the others.
                if !remote.isShared, let redundant = redundantValue(parameter, flag: flag, environments: environments, matrix: matrix) {
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
        let tenants = remote.recognitions.keys.sorted().filter { model.tenant($0) == nil }.map { id in
            Diagnostic.warning(
                "remote_config names tenant '\(id)', but no tenant file has that id",
                at: remote.settingLocations["remote_config.tenants.\(id)"], hint: Suggestion.didYouMean(id, in: ids))
        }
        let flags = remote.parameterNames.keys.sorted().filter { model.flag($0) == nil }.map { key in
            Diagnostic.warning(
                "remote_config.parameters names '\(key)', which is not a flag of \(model.declaringTypes)",
                at: remote.settingLocations["remote_config.parameters.\(key)"], hint: Suggestion.didYouMean(key, in: keys))
        }
        return tenants + flags
    }

    /// Parts Flagstaff cannot read, and conditions no tenant can ever match (in a shared
    /// template, only those that no other platform's app could match either).
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
            // Only what tells tenants apart counts here: devices on other app versions, or
            // fetching on other days, can still match what this build does not.
            let neverTrue = !model.tenants.isEmpty && environments.allSatisfy { environment in
                model.tenants.allSatisfy { tenant in
                    var context = remote.context(for: tenant.id, in: environment)
                    (context.appVersion, context.appBuild, context.asOf) = (nil, nil, nil)
                    return condition.expression.truth(in: context).value == .no
                }
            }
            if neverTrue && !(remote.isShared && condition.expression.targetsAnotherPlatform(than: remote.platform)) {
                diagnostics.append(
                    .warning(
                        "no tenant can match condition '\(condition.name)'", at: condition.location,
                        hint: "check the app ids and signal values in remote_config, or remove the condition"))
            }
        }
        return diagnostics
    }

    /// A value type that contradicts the flag, texts the server refuses for the declared
    /// value type, and texts the app reads other than they look.
    private static func parameterDiagnostics(_ parameter: RemoteParameter, flag: Flag, type: FlagType, template: RemoteTemplate) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if let location = parameter.valueTypeLocation, !parameter.valueType.fits(type) {
            diagnostics.append(
                .error(
                    "parameter '\(parameter.name)' has valueType \(parameter.valueType.rawValue), but '\(flag.key)' is a \(type) flag",
                    at: location, hint: "use \(Self.valueType(for: type))"))
            return diagnostics
        }
        let values = [parameter.defaultValue].compactMap { $0 } + parameter.conditionalValues.map(\.value)
        for (text, location) in values.flatMap(\.texts) {
            let reading = RemoteValueReading(text, as: type, declared: parameter.valueType)
            switch reading.problem {
            case .refusedForValueType(let valueType)?:
                diagnostics.append(
                    .error(
                        "\"\(text)\" is not a \(valueType.rawValue) value, which parameter '\(parameter.name)' declares",
                        at: location, hint: valueType == .boolean ? "write \"true\" or \"false\"" : "write a number such as \"12\", \"-3\" or \"0.5\""))
            case .readLoosely?:
                diagnostics.append(
                    .warning(
                        "the app reads \"\(text)\" as \(reading.value) for the \(type) flag '\(flag.key)'", at: location,
                        hint: type == .bool
                            ? "the iOS SDK's boolValue is true for text starting with t, y or a digit 1 to 9, and false otherwise; write \"true\" or \"false\""
                            : "the iOS SDK's numberValue reads the number the text starts with, or 0; write a number such as \"12\" or \"0.5\""))
            case nil:
                continue
            }
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

    /// A parameter whose remote value equals the app's own value in every cell it
    /// decides, so it changes nothing. Not where the app ships no value of its own
    /// (the fallback is all it has), so a Firebase-only app is never told to remove one.
    private static func redundantValue(_ parameter: RemoteParameter, flag: Flag, environments: [String], matrix: ResolvedMatrix) -> Diagnostic? {
        var decided = 0
        for tenant in matrix.model.tenants {
            for environment in environments {
                let cell = matrix.resolution(flag, tenant, environment)
                guard cell.layer.id == RemoteConfigLayer.kind.id else { continue }
                // Where the app ships nothing, the remote value is the only one it has.
                guard !cell.isVarying, let hidden = cell.hidden, !hidden.layer.meansUnset, hidden.value == cell.value else { return nil }
                decided += 1
            }
        }
        guard decided > 0 else { return nil }
        return .warning(
            "remote config sets '\(parameter.name)' to the value the app already ships, everywhere it applies, so it changes nothing",
            at: parameter.location, hint: "remove the value, or set it to useInAppDefault")
    }
}
