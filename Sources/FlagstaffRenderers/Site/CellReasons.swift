import FlagstaffCore
import Foundation

/// Why a cell has its value, in words, where the value is shown: the remote
/// condition that decides or splits it, by its name (what people say in
/// meetings) and in plain words (what it tests), and what the app itself ships
/// underneath. A cell whose layer says no more than its mark has no reason here:
/// the legend says what the mark means.
struct CellReasons: Sendable {
    /// Per environment, each remote condition's name and what it tests, longest
    /// name first, so a name that starts another is tried after it.
    private let conditions: [String: [(name: String, words: String)]]

    init(model: FlagModel) {
        guard let remote = model.remoteConfig else {
            conditions = [:]
            return
        }
        let words = RemoteConditionWords(remote: remote, tenants: model.tenants.map { ($0.id, $0.name) })
        conditions = remote.templates.mapValues { template in
            template.conditions.map { ($0.name, words.describe($0.expression)) }.sorted { $0.name.count > $1.name.count }
        }
    }

    /// The reason shown next to a cell's value: "set by remote config for “EU
    /// guests” (phones set to Germany or France); without remote config: off", or
    /// for a cell that varies, each value and when it applies. `nil` when the
    /// layer's mark says it all. A value the app's code works out when it runs is
    /// said with the flag's doc comment, in the code's own words, where it has one.
    func reason(_ resolution: Resolution, environment: String, flag: Flag) -> String? {
        if resolution.isVarying {
            return resolution.variants.map { variant in
                // What the app's code works out when it runs: the expression, and where it is written.
                if variant.isDecidedInCode {
                    let place = variant.location.map { "\($0.file):\($0.line)" }
                    guard let about = Self.plainWords(flag.documentation) else {
                        return variant.condition + (place.map { " (\($0))" } ?? "")
                    }
                    return "the app decides when it runs: “\(about)” (\(variant.condition)" + (place.map { ", \($0)" } ?? "") + ")"
                }
                // A source Flagstaff cannot see: what it may do says it all.
                if let note = variant.changeNote { return note }
                let value = variant.word
                return variant.condition == "otherwise" ? "otherwise \(value)" : "\(value) \(when(variant.condition, environment))"
            }.joined(separator: "; ")
        }
        guard let reason = resolution.reason else { return nil }
        let layer = resolution.layer.reasonWord
        var text: String
        if reason == "default value" {
            text = "set by \(layer) for everyone"
        } else if let named = condition(in: reason, prefix: "condition '", suffix: "'", environment) {
            text = "set by \(layer) for \(named)"
        } else if reason.hasPrefix("if ") {
            text = "set by \(layer) \(when(reason, environment))"
        } else {
            text = reason
        }
        if let hidden = resolution.hidden {
            text += "; without remote config: \(CellPresentation.word(for: hidden.value))"
        }
        return text
    }

    /// A doc comment on one line, without Markdown's code marks; `nil` when empty.
    private static func plainWords(_ documentation: String?) -> String? {
        let line = (documentation ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ").replacingOccurrences(of: "`", with: "")
        return line.isEmpty ? nil : line
    }

    /// When a variant applies, in words: "for “EU guests” (phones set to …)",
    /// "for “CHL beta testers” (…) in rollout 'r1' (25% of devices)".
    private func when(_ condition: String, _ environment: String) -> String {
        for (name, words) in conditions[environment] ?? [] {
            let start = "if condition '\(name)' holds"
            guard condition.hasPrefix(start) else { continue }
            let rest = condition.dropFirst(start.count)
            return "for “\(name)” (\(words))" + (rest.hasPrefix(" and ") ? " when" + rest.dropFirst(4) : rest)
        }
        if condition.hasPrefix("if ") { return "when" + condition.dropFirst(2) }
        return condition
    }

    /// “Name” (words) for a reason that is exactly `prefix + name + suffix`.
    private func condition(in reason: String, prefix: String, suffix: String, _ environment: String) -> String? {
        for (name, words) in conditions[environment] ?? [] where reason == prefix + name + suffix {
            return "“\(name)” (\(words))"
        }
        return nil
    }
}
