import FlagstaffCore

/// The Remote Config section of a flag page: per environment, every rule of
/// the template that can decide the flag, in plain words, with when it applies,
/// including the rules that hold only on other days or for other app versions,
/// which the values table, made for one build on one day, leaves out.
struct FlagRemoteRulesSection: Sendable, TemplateContext {
    /// The environments whose template has a parameter the flag reads, in configured order.
    var environments: [RemoteRulesEnvironment]

    /// `nil` when no template has a parameter the flag reads.
    init?(_ site: SiteRenderer, flag position: Int) {
        let model = site.model
        guard let remote = model.remoteConfig else { return nil }
        let flag = model.flags[position]
        let type = site.matrix.type(of: flag)
        let tenants = model.tenants.map(\.id)
        let words = RemoteConditionWords(remote: remote, tenants: model.tenants.map { ($0.id, $0.name) })
        let every = model.isSingleApp ? "the app" : "every \(site.words.tenant)"
        environments = RemoteFlagRules.of(flag, in: remote, environments: model.environments, tenants: tenants).map { rules in
            let context = tenants.first.map { remote.context(for: $0, in: rules.environment) }
            return RemoteRulesEnvironment(
                name: rules.environment, parameter: rules.parameter.name,
                version: rules.template.version?.number.map { "template version \($0)" },
                rules: rules.rules.map { rule in
                    // The default value alone (no condition has a value for the parameter) is for everyone.
                    let alone = rules.rules.count == 1
                    return RemoteRuleItem(
                        name: rule.condition.map { "“\($0.name)”" } ?? (alone ? "Everyone" : "Otherwise"),
                        tests: rule.condition.map { words.describe($0.expression) },
                        gives: Self.gives(rule.value, type: type),
                        applies: rule.condition == nil
                            ? (alone ? "No condition of the template has a value for this parameter." : "When no rule above gives a device a value.")
                            : Self.applies(rule, every: every, count: tenants.count, names: site.historyWords, words: words, context: context))
                })
        }
        if environments.isEmpty { return nil }
    }

    /// What a value gives the devices it reaches, with a rollout's or a test's share.
    static func gives(_ value: RemoteValue?, type: FlagType) -> String {
        func word(_ text: String) -> String { CellPresentation.word(for: FlagValue(remote: text, as: type)) }
        guard let value else { return "no value: the app keeps its own" }
        switch value.kind {
        case .value(let text):
            return word(text)
        case .useInAppDefault:
            return "the app's own value"
        case .rollout(let id, let text, let percent):
            let share = percent.map { "a random \($0)% of devices" } ?? "a share of devices the template does not give"
            return "\(word(text)) for \(share) (rollout ‘\(id)’); the other devices go on to the next rule"
        case .personalization(let id):
            return "a value personalization ‘\(id)’ picks for each user (not known here)"
        case .experiment(let id, let variants, let exposure):
            let share = exposure.map { "\($0.percentText)% of devices" } ?? "a share of devices the template does not give"
            let each = variants.map { variant in
                "‘\(variant.id)’ " + (variant.value.map { "gets \(word($0))" } ?? "keeps what the next rule gives")
            }
            let split = variants.count == 2 ? "half each" : "1 in \(variants.count) each"
            return "A/B test ‘\(id)’: in the test, \(share); of those, \(RemoteConditionWords.list(each, joinedBy: "and")) "
                + "(\(split) if the test splits evenly; its weights are not in the template). "
                + "Devices outside the test go on to the next rule"
        }
    }

    /// For whom the rule holds in the build being made on the as-of day, or when it does.
    static func applies(
        _ rule: RemoteFlagRules.Rule, every: String, count: Int, names: HistoryWords, words: RemoteConditionWords, context: ConditionContext?
    ) -> String {
        var sentences: [String] = []
        if !rule.holds.isEmpty {
            sentences.append("Holds for " + (rule.holds.count == count ? every : names.tenants(rule.holds)) + ".")
        }
        if !rule.varies.isEmpty {
            sentences.append("Depends on the device for " + (rule.varies.count == count ? every : names.tenants(rule.varies)) + ".")
        }
        for part in rule.otherTimesOrVersions {
            let when = words.describe(part)
            switch part.kind {
            case .dateTime(let time):
                let day = context?.asOf.map { "on \(HistoryWords.day($0)), the day this site shows" } ?? "today"
                if let asOf = context?.asOf, time.day < asOf {
                    sentences.append("Not \(day): it applied \(when), which is over.")
                } else {
                    sentences.append("Not \(day): it applies \(when), with no new release of the app.")
                }
            case .appVersion:
                let version = context?.appVersion.map { " (version \($0))" } ?? ""
                sentences.append("Not for the app being built\(version): people still on \(when) get it.")
            default:
                let build = context?.appBuild.map { " (build \($0))" } ?? ""
                sentences.append("Not for the app being built\(build): devices with \(when) get it.")
            }
        }
        if sentences.isEmpty { return count == 1 && every == "the app" ? "Does not hold for the app." : "Holds for none of the \(names.words.tenants)." }
        return sentences.joined(separator: " ")
    }
}

/// One environment's rules for a flag.
struct RemoteRulesEnvironment: Sendable, TemplateContext {
    var name: String
    /// The parameter the flag reads.
    var parameter: String
    /// "template version 53", when the template says.
    var version: String?
    var rules: [RemoteRuleItem]
}

/// One rule, in words.
struct RemoteRuleItem: Sendable, TemplateContext {
    /// The condition's name in quotes, or "Otherwise" for the default value.
    var name: String
    /// What the condition tests: "app versions before 5.3"; `nil` for the default value.
    var tests: String?
    /// What the rule gives the devices it reaches: "off", "on for a random 50% of devices…".
    var gives: String
    /// For whom it holds now, or when and for which versions it applies.
    var applies: String
}
