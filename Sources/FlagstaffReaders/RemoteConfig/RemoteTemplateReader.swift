import FlagstaffCore

/// Reads a Firebase Remote Config template: the JSON `firebase remoteconfig:get`
/// writes, or the REST API's `RemoteConfig` body (the same, with `version`).
/// Grouped parameters are merged with the top-level ones. Every problem inside the
/// file is reported at its line and column; keys this reader does not use
/// (`etag`, `tagColor`, a version's details) are left alone.
public enum RemoteTemplateReader {
    /// Reads a template; its version's publishing time is shown in `timeZone`
    /// (an IANA name such as `Europe/Paris`) when one is given.
    public static func read(_ text: String, file: String, timeZone: String? = nil) -> (template: RemoteTemplate?, diagnostics: [Diagnostic]) {
        var problems: [Diagnostic] = []
        guard let root = PositionedJSONParser.document(text, file: file, diagnostics: &problems) else { return (nil, problems) }
        var reader = Reader()
        guard let members = reader.object(root, what: "a Remote Config template") else { return (nil, reader.diagnostics) }
        var conditions: [RemoteCondition] = []
        var parameters: [RemoteParameter] = []
        var version: RemoteTemplateVersion?
        for member in reader.unique(members) {
            switch member.key {
            case "conditions": conditions = reader.conditions(member.value)
            case "parameters": parameters += reader.parameters(member.value, group: nil)
            case "parameterGroups": parameters += reader.groups(member.value)
            case "version":
                version = reader.version(member.value)
                if let timeZone, let time = version?.updateTime { version?.shownTime = PublishingTime.shown(time, in: timeZone) }
            default: continue
            }
        }
        var seen: [String: RemoteParameter] = [:]
        for parameter in parameters {
            guard let first = seen[parameter.name] else {
                seen[parameter.name] = parameter
                continue
            }
            reader.diagnostics.append(
                .error(
                    "parameter '\(parameter.name)' is declared twice", at: parameter.location,
                    hint: Self.duplicateHint(first: first, second: parameter)))
        }
        let declared = Set(conditions.map(\.name))
        for parameter in parameters {
            for value in parameter.conditionalValues where !declared.contains(value.condition) {
                reader.diagnostics.append(
                    .error(
                        "parameter '\(parameter.name)' has a value for condition '\(value.condition)', which the template does not declare",
                        at: value.location,
                        hint: Suggestion.didYouMean(value.condition, in: conditions.map(\.name)) ?? "declare it under \"conditions\""))
            }
        }
        return (RemoteTemplate(file: file, conditions: conditions, parameters: parameters, version: version), reader.diagnostics)
    }

    /// Which copy of a parameter declared twice to delete. Flagstaff (like a reader of
    /// the JSON object) keeps the first; a copy in a group is the one the console shows
    /// under that group, so the top-level copy is the one to go.
    static func duplicateHint(first: RemoteParameter, second: RemoteParameter) -> String {
        let place = { (parameter: RemoteParameter) in parameter.group.map { "in group '\($0)'" } ?? "at the top level" }
        let firstPlace = "\(place(first)) at line \(first.location.line)"
        let identical = content(of: first) == content(of: second)
        let delete = second.group == nil ? "this top-level copy" : first.group == nil ? "the top-level copy at line \(first.location.line)" : "one of them"
        if identical { return "it is also declared \(firstPlace), the same; delete \(delete)" }
        return "it is also declared \(firstPlace), with other values; Flagstaff reads that copy: delete the one the app should not get"
    }

    /// What a parameter says, without where: its type, description and values.
    private static func content(of parameter: RemoteParameter) -> [String] {
        func text(_ value: RemoteValue?) -> String {
            guard let value else { return "none" }
            switch value.kind {
            case .value(let text): return "value \(text)"
            case .useInAppDefault: return "in-app default"
            case .rollout(let id, let text, let percent): return "rollout \(id) \(text) \(percent.map(String.init) ?? "")"
            case .personalization(let id): return "personalization \(id)"
            case .experiment(let id, let variants, let exposure):
                return "experiment \(id) \(exposure.map { String($0) } ?? "") " + variants.map { "\($0.id)=\($0.value ?? "no change")" }.joined(separator: ",")
            }
        }
        return [parameter.valueType.rawValue, parameter.description ?? "", text(parameter.defaultValue)]
            + parameter.conditionalValues.map { "\($0.condition): \(text($0.value))" }
    }

    /// Shape checks that record a positioned error for each mismatch.
    private struct Reader {
        var diagnostics: [Diagnostic] = []

        mutating func object(_ value: PositionedJSON, what: String) -> [PositionedJSON.Member]? {
            guard case .object(let members) = value.kind else {
                diagnostics.append(.error("\(what) must be a JSON object, found \(value.kindName)", at: value.location))
                return nil
            }
            return members
        }

        mutating func string(_ value: PositionedJSON, what: String) -> String? {
            guard case .string(let text) = value.kind else {
                diagnostics.append(.error("\(what) must be a string, found \(value.kindName)", at: value.location))
                return nil
            }
            return text
        }

        /// The members whose key has not appeared before; each repeat is an error.
        mutating func unique(_ members: [PositionedJSON.Member]) -> [PositionedJSON.Member] {
            var first: [String: SourceLocation] = [:]
            return members.filter { member in
                if let earlier = first[member.key] {
                    diagnostics.append(
                        .error("duplicate key '\(member.key)'", at: member.keyLocation, hint: "it is first set at line \(earlier.line), column \(earlier.column)"))
                    return false
                }
                first[member.key] = member.keyLocation
                return true
            }
        }

        mutating func conditions(_ value: PositionedJSON) -> [RemoteCondition] {
            guard case .array(let elements) = value.kind else {
                diagnostics.append(.error("'conditions' must be a list, found \(value.kindName)", at: value.location))
                return []
            }
            var conditions: [RemoteCondition] = []
            for element in elements {
                guard let members = object(element, what: "a condition") else { continue }
                var name: (String, SourceLocation)?
                var expression: (String, PositionedJSON)?
                for member in unique(members) {
                    switch member.key {
                    case "name": name = string(member.value, what: "a condition's name").map { ($0, member.value.location) }
                    case "expression": expression = string(member.value, what: "a condition's expression").map { ($0, member.value) }
                    default: continue
                    }
                }
                guard let (conditionName, location) = name else {
                    diagnostics.append(.error("a condition has no name", at: element.location))
                    continue
                }
                guard let (text, node) = expression else {
                    diagnostics.append(.error("condition '\(conditionName)' has no expression", at: element.location))
                    continue
                }
                if conditions.contains(where: { $0.name == conditionName }) {
                    diagnostics.append(.error("condition '\(conditionName)' is declared twice", at: location))
                    continue
                }
                // The text starts one column after the opening quote; columns after an escape are approximate.
                var start = node.location
                start.column += 1
                conditions.append(RemoteCondition(name: conditionName, expression: RemoteConditionParser.parse(text, at: start), location: location))
            }
            return conditions
        }

        mutating func groups(_ value: PositionedJSON) -> [RemoteParameter] {
            guard let members = object(value, what: "'parameterGroups'") else { return [] }
            var parameters: [RemoteParameter] = []
            for group in unique(members) {
                guard let fields = object(group.value, what: "parameter group '\(group.key)'") else { continue }
                for field in unique(fields) where field.key == "parameters" {
                    parameters += self.parameters(field.value, group: group.key)
                }
            }
            return parameters
        }

        mutating func parameters(_ value: PositionedJSON, group: String?) -> [RemoteParameter] {
            guard let members = object(value, what: "'parameters'") else { return [] }
            var parameters: [RemoteParameter] = []
            for member in unique(members) {
                guard let fields = object(member.value, what: "parameter '\(member.key)'") else { continue }
                var parameter = RemoteParameter(name: member.key, group: group, defaultValue: nil, location: member.keyLocation)
                for field in unique(fields) {
                    switch field.key {
                    case "defaultValue":
                        parameter.defaultValue = remoteValue(field.value)
                    case "conditionalValues":
                        guard let entries = object(field.value, what: "'conditionalValues'") else { continue }
                        for entry in unique(entries) {
                            guard let value = remoteValue(entry.value) else { continue }
                            parameter.conditionalValues.append(.init(condition: entry.key, value: value, location: entry.keyLocation))
                        }
                    case "description":
                        parameter.description = string(field.value, what: "a description")
                    case "valueType":
                        guard let text = string(field.value, what: "'valueType'") else { continue }
                        guard let type = RemoteValueType(rawValue: text) else {
                            let names = RemoteValueType.allCases.map(\.rawValue)
                            diagnostics.append(
                                .error(
                                    "unknown valueType '\(text)'", at: field.value.location,
                                    hint: Suggestion.didYouMean(text, in: names) ?? "use one of \(names.joined(separator: ", "))"))
                            continue
                        }
                        parameter.valueType = type
                        parameter.valueTypeLocation = field.value.location
                    default: continue
                    }
                }
                parameters.append(parameter)
            }
            return parameters
        }

        /// The `version` object: its number (a string, or a number in hand-made files), who
        /// published it, when, and its description.
        mutating func version(_ node: PositionedJSON) -> RemoteTemplateVersion? {
            guard let fields = object(node, what: "'version'") else { return nil }
            var version = RemoteTemplateVersion()
            for field in unique(fields) {
                switch (field.key, field.value.kind) {
                case ("versionNumber", .string(let text)), ("versionNumber", .number(let text)): version.number = text
                case ("updateTime", .string(let text)): version.updateTime = text
                case ("description", .string(let text)): version.description = text
                case ("updateUser", .object(let user)):
                    let text = { (key: String) -> String? in
                        guard case .string(let value)? = user.first(where: { $0.key == key })?.value.kind, !value.isEmpty else { return nil }
                        return value
                    }
                    version.updatedBy = text("email") ?? text("name")
                default: continue
                }
            }
            return version
        }

        /// A value object: exactly one of `value`, `useInAppDefault`, `rolloutValue`,
        /// `personalizationValue` or `experimentValue`. Its location is that of the text
        /// it holds, where diagnostics about the text point.
        mutating func remoteValue(_ node: PositionedJSON) -> RemoteValue? {
            guard let members = object(node, what: "a value") else { return nil }
            let kinds = ["value", "useInAppDefault", "rolloutValue", "personalizationValue", "experimentValue"]
            let present = unique(members).filter { kinds.contains($0.key) }
            guard present.count == 1, let member = present.first else {
                diagnostics.append(
                    .error(
                        present.isEmpty ? "a value object holds none of value, useInAppDefault, rolloutValue, personalizationValue and experimentValue"
                            : "a value object holds \(present.map(\.key).joined(separator: " and ")); it must hold exactly one",
                        at: node.location))
                return nil
            }
            switch member.key {
            case "value":
                return string(member.value, what: "'value'").map { RemoteValue(.value($0), at: member.value.location) }
            case "useInAppDefault":
                guard case .bool(true) = member.value.kind else {
                    diagnostics.append(.error("'useInAppDefault' must be true", at: member.value.location, hint: "leave the parameter out instead"))
                    return nil
                }
                return RemoteValue(.useInAppDefault, at: node.location)
            case "rolloutValue":
                guard let fields = object(member.value, what: "'rolloutValue'") else { return nil }
                var id = "", text: (String, SourceLocation)?, percent: Int?
                for field in unique(fields) {
                    switch (field.key, field.value.kind) {
                    case ("rolloutId", .string(let value)): id = value
                    case ("value", .string(let value)): text = (value, field.value.location)
                    case ("percent", .number(let value)): percent = Int(value)
                    default: continue
                    }
                }
                guard let (text, location) = text else {
                    diagnostics.append(.error("a rolloutValue has no string 'value'", at: member.value.location))
                    return nil
                }
                return RemoteValue(.rollout(id: id, value: text, percent: percent), at: location)
            case "experimentValue":
                return experiment(member.value)
            default:
                var id = ""
                if case .object(let fields) = member.value.kind, let field = fields.first(where: { $0.key == "personalizationId" }),
                    case .string(let value) = field.value.kind
                {
                    id = value
                }
                return RemoteValue(.personalization(id: id), at: node.location)
            }
        }

        /// `{"experimentId": …, "variantValue": [{"variantId": …, "value": …} or {…, "noChange": true}], "exposurePercent": …}`.
        mutating func experiment(_ node: PositionedJSON) -> RemoteValue? {
            guard let fields = object(node, what: "'experimentValue'") else { return nil }
            var id = "", exposure: Double?
            var variants: [RemoteValue.ExperimentVariant] = []
            var hasVariants = false
            for field in unique(fields) {
                switch (field.key, field.value.kind) {
                case ("experimentId", .string(let value)): id = value
                case ("exposurePercent", .number(let value)): exposure = Double(value).flatMap { $0.isFinite ? $0 : nil }
                case ("variantValue", .array(let elements)):
                    hasVariants = true
                    for element in elements {
                        guard let members = object(element, what: "an experiment variant") else { continue }
                        var variantID = "", text: (String, SourceLocation)?, noChange = false
                        for member in unique(members) {
                            switch (member.key, member.value.kind) {
                            case ("variantId", .string(let value)): variantID = value
                            case ("value", .string(let value)): text = (value, member.value.location)
                            case ("noChange", .bool(let value)): noChange = value
                            default: continue
                            }
                        }
                        guard (text != nil) != noChange else {
                            diagnostics.append(
                                .error(
                                    "experiment variant '\(variantID)' must hold either a string 'value' or \"noChange\": true",
                                    at: element.location))
                            continue
                        }
                        variants.append(.init(id: variantID, value: text?.0, location: text?.1 ?? element.location))
                    }
                default: continue
                }
            }
            guard hasVariants else {
                diagnostics.append(.error("an experimentValue has no 'variantValue' list", at: node.location))
                return nil
            }
            return RemoteValue(.experiment(id: id, variants: variants, exposurePercent: exposure), at: node.location)
        }
    }
}
