import Foundation
import FlagstaffCore
import FlagstaffReaders

/// Asks for what `flagstaff new` needs on a terminal, one question at a time,
/// each with a default in brackets that an empty answer takes.
public struct Prompter: Sendable {
    /// Where questions and the summary are printed.
    public var console: Console
    /// Reads one line of the answer, without its newline; `nil` at the end of input.
    public var readLine: @Sendable () -> String?

    /// Creates a prompter.
    public init(console: Console, readLine: @escaping @Sendable () -> String?) {
        self.console = console
        self.readLine = readLine
    }

    /// A prompter that reads the answers from standard input, when standard input
    /// is a terminal; `nil` otherwise (a pipe, a file, CI), where nothing may be asked.
    public static func terminal(console: Console) -> Prompter? {
        guard Platform.isTerminal(Platform.standardInput) else { return nil }
        return Prompter(console: console, readLine: { Swift.readLine() })
    }

    /// Asks a question until `accept` takes the answer (or the default, for an empty answer).
    func ask<T>(_ question: String, default fallback: String? = nil, _ accept: (String) -> Result<T, PromptProblem>) throws(FlagstaffError) -> T {
        while true {
            console.output("  \(question)\(fallback.map { $0.isEmpty ? "" : " [\($0)]" } ?? ""): ")
            guard let line = readLine() else { throw .usage("no answer to '\(question)' (end of input); nothing was changed") }
            let answer = line.trimmingCharacters(in: .whitespacesAndNewlines)
            switch accept(answer.isEmpty ? fallback ?? "" : answer) {
            case .success(let value): return value
            case .failure(let problem): console.output("    \(problem.message)\n")
            }
        }
    }

    /// Fills in every field the draft leaves open.
    func complete(_ draft: FlagDraft, model: FlagModel, workspace: Workspace) throws(FlagstaffError) -> FlagDraft {
        var draft = draft
        console.output("New feature flag\n")
        let types = model.flagEnums.map(\.name)
        if draft.declaringType == nil, types.count > 1 {
            console.output("  Types: " + types.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: ", ") + "\n")
            draft.declaringType = try ask("Type that declares it (number or name)") { answer in
                if let number = Int(answer), types.indices.contains(number - 1) { return .success(types[number - 1]) }
                if types.contains(answer) { return .success(answer) }
                return .failure("'\(answer)' declares no flags; \(Suggestion.didYouMean(answer, in: types) ?? "choose from \(types.joined(separator: ", "))")")
            }
        }
        let flagEnum = try NewCommand.declaringEnum(of: draft, in: model)
        if draft.caseName.isEmpty {
            draft.caseName = try ask("Swift case name (camelCase)") { name in
                if !FlagDraft.isIdentifier(name) { return .failure("'\(name)' is not a Swift identifier; try something like mediaLibrary") }
                if flagEnum.flags.contains(where: { $0.caseName == name }) { return .failure("case '\(name)' already exists") }
                return .success(name)
            }
        }
        if draft.key == nil {
            draft.key = try ask("Key", default: FlagDraft.derivedKey(for: draft.caseName, existing: flagEnum.flags)) { key in
                model.flag(key) == nil ? .success(key) : .failure("key '\(key)' already exists")
            }
        }
        let groups = flagEnum.marks.map(\.name)
        if draft.group == nil, !groups.isEmpty {
            console.output("  Groups: " + groups.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: ", ") + "\n")
            let answer: String = try ask("Group (number, name, or a new name)", default: groups.last) { .success($0) }
            if let number = Int(answer), groups.indices.contains(number - 1) {
                draft.group = groups[number - 1]
            } else if groups.contains(answer) {
                draft.group = answer
            } else if let close = Suggestion.closest(to: answer, in: groups), try ask("Did you mean '\(close)'? (Y/n)", default: "y", yesNo) {
                draft.group = close
            } else {
                draft.group = answer
                draft.newGroup = true
            }
        }
        if draft.description.isEmpty {
            draft.description = try ask("Description") { $0.isEmpty ? .failure("a flag needs a description") : .success($0) }
        }
        for column in model.catalog.extraColumns {
            guard !draft.cells.keys.contains(where: { $0.lowercased() == column.lowercased() }) else { continue }
            let hint = column.lowercased() == LifecycleColumns.type.lowercased()
                ? " (" + FlagKind.allCases.map(\.rawValue).joined(separator: ", ") + ")" : ""
            let answer: String = try ask(column + hint, default: "") { .success($0) }
            if !answer.isEmpty { draft.cells[column] = answer }
        }
        draft.valueType = try ask("Value type (bool, string, number)", default: draft.valueType.rawValue) { text in
            FlagType(rawValue: text.lowercased()).map { .success($0) } ?? .failure("answer bool, string or number")
        }
        let ids = model.tenants.map(\.id)
        if draft.valueType != .bool {
            if draft.value == nil {
                let type = draft.valueType
                draft.value = try ask("Value for every tenant") { text in
                    type == .number && Double(text) == nil ? .failure("'\(text)' is not a number") : .success(text)
                }
            }
            return draft
        }
        if draft.on.isEmpty {
            console.output("  Tenants: \(ids.joined(separator: ", "))\n")
            draft.on = try ask("Which tenants get true? (all, or a comma list)", default: "") { tenantList($0, ids: ids) }
        }
        if draft.onIn.isEmpty {
            for environment in model.environments {
                let list = try ask("Also true in \(environment) for (all, a comma list, or none)", default: "") { tenantList($0, ids: ids) }
                if !list.isEmpty { draft.onIn[environment] = list }
            }
        }
        return draft
    }

    /// Prints the summary and asks to proceed.
    func confirm(_ draft: FlagDraft, model: FlagModel) throws(FlagstaffError) -> Bool {
        let ids = model.tenants.map(\.id)
        let on = draft.on == ["all"] ? ids : draft.on
        var summary = "\n  case \(draft.caseName) = \"\(draft.key ?? "")\" in \(draft.group ?? "the enum")\(draft.newGroup ? " (new group)" : "")\n"
        summary += "  \(draft.description)\n"
        for (column, value) in draft.cells.sorted(by: { $0.key < $1.key }) { summary += "  \(column): \(value)\n" }
        if draft.valueType == .bool {
            summary += "  Value true  for: \(on.isEmpty ? "none" : on.joined(separator: ", "))\n"
            summary += "  Value false for: \(ids.filter { !on.contains($0) }.joined(separator: ", "))\n"
            for (environment, list) in draft.onIn.sorted(by: { $0.key < $1.key }) {
                summary += "  Also true in \(environment) for: \(list.joined(separator: ", "))\n"
            }
        } else {
            summary += "  Value for every tenant: \(draft.value ?? "")\n"
        }
        console.output(summary + "\n")
        return try ask("Proceed? (Y/n)", default: "y", yesNo)
    }

    private func yesNo(_ answer: String) -> Result<Bool, PromptProblem> {
        switch answer.lowercased() {
        case "y", "yes": .success(true)
        case "n", "no": .success(false)
        default: .failure("answer y or n")
        }
    }

    private func tenantList(_ answer: String, ids: [String]) -> Result<[String], PromptProblem> {
        if answer.isEmpty || answer.lowercased() == "none" { return .success([]) }
        if answer.lowercased() == "all" { return .success(["all"]) }
        let list = answer.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for id in list where !ids.contains(id) {
            let hint = Suggestion.didYouMean(id, in: ids) ?? "choose from \(ids.joined(separator: ", "))"
            return .failure("unknown tenant '\(id)'; \(hint)")
        }
        return .success(list)
    }
}

/// Why an answer was not taken; the question is asked again.
struct PromptProblem: Error, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    var message: String
    init(stringLiteral value: String) { message = value }
    init(stringInterpolation: DefaultStringInterpolation) { message = String(stringInterpolation: stringInterpolation) }
}
