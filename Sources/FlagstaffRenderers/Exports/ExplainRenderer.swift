import FlagstaffCore

/// `flagstaff explain`: the resolution chain for one cell, top to bottom, with
/// the winner marked, as text or JSON.
public enum ExplainRenderer {
    /// The chain as text. `pathPrefix` goes before file paths so they open from the current folder.
    public static func text(_ explanation: CellExplanation, pathPrefix: String = "") -> String {
        let cell = explanation.resolution
        let presentation = CellPresentation(cell)
        let flag = explanation.flag.key == explanation.flag.caseName ? explanation.flag.key : "\(explanation.flag.key) (.\(explanation.flag.caseName))"
        let tenant = explanation.tenant.id == Tenant.singleAppID && explanation.tenant.file.isEmpty ? "the app" : explanation.tenant.id
        var text = "\(flag) for \(tenant) in \(explanation.environment): "
        text += presentation.word + (cell.isVarying && cell.layer.canVary ? " (varies)" : "")
        // "decided in code, decided by code" says one thing twice; a build that leaves the flag out decides nothing.
        if presentation.word == CellPresentation.decidedInCodeWord {
            text += " (\(cell.layer.legend))"
        } else if !cell.layer.leavesFlagOut {
            text += ", decided by \(cell.layer.id)"
        }
        text += cell.reason.map { " (\($0))" } ?? ""
        text += "\n\n"
        for step in explanation.steps {
            text += (step.decides ? "→ " : "  ") + step.layer.id.padding(toLength: 10) + answer(step, explanation, pathPrefix: pathPrefix) + "\n"
            if let trace = step.trace {
                text += "              \(pathPrefix)\(trace.source)\n"
                for check in trace.checks {
                    let truth = check.truth.map { " is \(word($0))" } ?? ""
                    text += "              " + (check.chosen ? "▶ " : "  ") + check.name + truth
                    text += check.because.isEmpty ? "" : " (\(check.because))"
                    text += ": " + (check.value ?? "no value for this parameter") + "\n"
                }
                for note in trace.notes { text += "              note: \(note)\n" }
            }
        }
        if cell.isVarying {
            text += cell.layer.canVary ? "\nThe value depends on the device or the user:\n" : "\nThe value depends on how the app is built or runs:\n"
            for variant in cell.variants {
                text += "  \(variant.summary)" + (variant.isDecidedInCode ? variant.location.map { ", \(pathPrefix)\($0)" } ?? "" : "") + "\n"
            }
        }
        return text
    }

    private static func answer(_ step: CellExplanation.Step, _ explanation: CellExplanation, pathPrefix: String) -> String {
        guard step.layer.isKnownAtBuildTime else { return "not known here: \(step.layer.legend)" }
        guard let opinion = step.opinion else { return "no opinion" }
        if opinion.variants.count == 1, opinion.variants[0].outcome == .decidedInCode {
            return CellPresentation.decidedInCodeWord + (opinion.variants[0].location.map { ", \(pathPrefix)\($0)" } ?? "")
        }
        if !opinion.variants.isEmpty { return step.layer.canVary ? "varies" : "depends on the build" }
        let value = step.layer.leavesFlagOut ? CellPresentation.notInBuildWord : opinion.value.map(CellPresentation.word(for:)) ?? ""
        let place = opinion.location.map { ", \(pathPrefix)\($0)" } ?? ""
        return value + (opinion.reason.map { " (\($0))" } ?? "") + place
    }

    private static func word(_ truth: ConditionTruth.Value) -> String {
        switch truth {
        case .yes: "true"
        case .no: "false"
        case .varies: "varying"
        }
    }

    /// The chain as JSON.
    public static func json(_ explanation: CellExplanation) -> String {
        let cell = explanation.resolution
        let steps: [JSONValue] = explanation.steps.map { step in
            var members: [JSONValue.Member] = [
                .init("layer", .string(step.layer.id)), .init("knownAtBuildTime", .bool(step.layer.isKnownAtBuildTime)),
                .init("decides", .bool(step.decides)),
            ]
            if let opinion = step.opinion {
                var answer: [JSONValue.Member] = [.init("value", step.layer.leavesFlagOut ? .null : opinion.value?.json ?? .null)]
                answer += location(opinion.location)
                if let reason = opinion.reason { answer.append(.init("reason", .string(reason))) }
                members.append(.init("opinion", .object(answer)))
            } else {
                members.append(.init("opinion", .null))
            }
            if let trace = step.trace {
                members.append(.init("trace", .object([
                    .init("source", .string(trace.source)),
                    .init("checks", .array(trace.checks.map { check in
                        .object([
                            .init("name", .string(check.name)), .init("truth", .optional(check.truth.map(word))),
                            .init("because", .string(check.because)), .init("value", .optional(check.value)), .init("chosen", .bool(check.chosen)),
                        ])
                    })),
                    .init("notes", .array(trace.notes.map(JSONValue.string))),
                ])))
            }
            return .object(members)
        }
        return JSONValue.object([
            .init("flag", .string(explanation.flag.key)), .init("tenant", .string(explanation.tenant.id)),
            .init("environment", .string(explanation.environment)), .init("type", .string(explanation.type.rawValue)),
            .init("cell", FlagsJSONRenderer.cell(cell)), .init("chain", .array(steps)),
        ]).serialized()
    }

    private static func location(_ location: SourceLocation?) -> [JSONValue.Member] {
        location.map { [.init("file", .string($0.file)), .init("line", .integer($0.line)), .init("column", .integer($0.column))] } ?? []
    }
}

extension String {
    /// The text padded with spaces to a width, or as it is when longer.
    fileprivate func padding(toLength width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
