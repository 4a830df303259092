/// What changes in a cell that keeps its value word and its layer but not the
/// cases it varies by: a decided-in-code expression, a rollout's or
/// experiment's share, the conditions, their order. In plain words, such as
/// "share raised from 10% to 50%"; what `diff`, `history` and the site say.
///
/// Pure: it compares the two sides' variants as the resolution gives them.
public enum VariantChange {
    /// The sentence for a cell whose variants differ, or `nil` when they are the
    /// same (the value the devices get has not changed).
    public static func sentence(old: Resolution, new: Resolution) -> String? {
        // A case whose value only comes from another layer below is no change of what devices get.
        let before = old.variants.map(Self.said), after = new.variants.map(Self.said)
        guard before != after else { return nil }
        if let code = codeChange(old: old.variants, new: new.variants) { return code }
        if before.count == after.count {
            let pairs = zip(before, after).filter { $0 != $1 }
            let shares = pairs.compactMap { shareChange(old: $0.0, new: $0.1) }
            if shares.count == pairs.count, let first = shares.first, shares.allSatisfy({ $0 == first }) { return first }
            if before.sorted() == after.sorted() {
                return "the conditions are tried in another order: " + order(new) + " (was " + order(old) + ")"
            }
        }
        return "now varies as: " + after.joined(separator: "; ") + " (was: " + (before.isEmpty ? "one value" : before.joined(separator: "; ")) + ")"
    }

    /// A case as the sentences say it: "if condition 'Beta' holds: on".
    private static func said(_ variant: Resolution.Variant) -> String { "\(variant.condition): \(variant.word)" }

    /// "the app now works out `B` (was `A`)" when each side is one decided-in-code expression.
    private static func codeChange(old: [Resolution.Variant], new: [Resolution.Variant]) -> String? {
        func expression(_ variants: [Resolution.Variant]) -> String? {
            guard let decided = variants.first(where: \.isDecidedInCode), decided.condition.hasPrefix(Opinion.worksOut) else { return nil }
            return String(decided.condition.dropFirst(Opinion.worksOut.count))
        }
        guard let before = expression(old), let after = expression(new), before != after else { return nil }
        return "the app now works out \(after) (was \(before))"
    }

    /// "share raised from 10% to 50%" when two conditions differ only in their percentages.
    private static func shareChange(old: String, new: String) -> String? {
        let (oldText, oldShares) = percentages(in: old), (newText, newShares) = percentages(in: new)
        guard oldText == newText, oldShares.count == newShares.count,
            let index = oldShares.indices.first(where: { oldShares[$0] != newShares[$0] })
        else { return nil }
        let (from, to) = (oldShares[index], newShares[index])
        let verb = (Double(to) ?? 0) > (Double(from) ?? 0) ? "raised" : "lowered"
        return "share \(verb) from \(from)% to \(to)%"
    }

    /// A text with each number before a `%` taken out, and those numbers in order.
    private static func percentages(in text: String) -> (rest: String, numbers: [String]) {
        var rest = "", numbers: [String] = [], digits = ""
        for character in text {
            if character.isNumber || (character == "." && !digits.isEmpty) {
                digits.append(character)
                continue
            }
            if character == "%", !digits.isEmpty {
                numbers.append(digits)
                rest += "#%"
            } else {
                rest += digits + String(character)
            }
            digits = ""
        }
        return (rest + digits, numbers)
    }

    /// The conditions of a varying cell in order: `'Beta', 'Staff', otherwise`.
    private static func order(_ resolution: Resolution) -> String {
        resolution.variants.map(\.condition).joined(separator: ", ")
    }
}
