/// How one resolved cell is shown, the same in every view: the value in words,
/// the deciding layer's mark, and a short class name for styling. A cell that
/// depends on the device or the user shows every value it can take.
public struct CellPresentation: Hashable, Sendable {
    /// The mark after a value that depends on the device or the user.
    public static let varyingMark = "≈"
    /// What the varying mark means, for legends.
    public static let varyingLegend = "depends on the device or the user; the flag's page says when each value applies"
    /// How a value the inputs do not hold reads (Firebase personalises it per user).
    public static let unknownWord = "personalized"
    /// How a value the app's code works out when it runs reads.
    public static let decidedInCodeWord = "decided in code"
    /// How a cell of a build that leaves the flag out reads: it has no value there.
    public static let notInBuildWord = "not in this build"

    /// The value as a person reads it: `on`, `off`, `(empty)`, `42`, `carousel`;
    /// for a varying cell every value it can take, such as `on/off`.
    public var word: String
    /// The value for a Markdown table: ✅ or ❌ for Bool values, the escaped word otherwise.
    public var symbol: String
    /// The deciding layer's mark, such as `◆`, or the varying mark; empty for none.
    public var mark: String
    /// Two letters: the value (`y` on, `n` off, `x` other, `v` varies), then the layer's code.
    public var cssClass: String

    /// The presentation of a resolution.
    public init(_ resolution: Resolution) {
        if resolution.layer.leavesFlagOut {
            word = Self.notInBuildWord
            symbol = word
            mark = resolution.layer.mark
            cssClass = "x" + resolution.layer.code
            return
        }
        if resolution.isVarying {
            var words: [String] = [], symbols: [String] = [], notes: [String] = []
            for variant in resolution.variants {
                // A source Flagstaff cannot see is named after the values it knows.
                if let note = variant.changeNote {
                    if !notes.contains(note) { notes.append(note) }
                    continue
                }
                guard !words.contains(variant.word) else { continue }
                words.append(variant.word)
                symbols.append(variant.value.map(Self.symbol(for:)) ?? variant.word)
            }
            let noted = notes.map { ", \($0)" }.joined()
            word = words.joined(separator: "/") + noted
            symbol = symbols.joined(separator: "/") + noted.markdownEscaped
            // A layer that depends on the device or the user varies, and so does a value
            // the app's code works out when it runs; the code's `#if` arms, which each
            // build settles, keep the code layer's mark.
            let varies = resolution.layer.canVary || resolution.variants.contains(where: \.isDecidedInCode)
            mark = varies ? Self.varyingMark : resolution.layer.mark
            cssClass = "v" + resolution.layer.code
            return
        }
        word = Self.word(for: resolution.value)
        symbol = Self.symbol(for: resolution.value)
        mark = resolution.layer.mark
        switch resolution.value {
        case .bool(let on): cssClass = (on ? "y" : "n") + resolution.layer.code
        default: cssClass = "x" + resolution.layer.code
        }
    }

    /// The word followed by the mark, as a cell shows it: `on ◆`.
    public var text: String { mark.isEmpty ? word : "\(word) \(mark)" }

    /// The Markdown cell: the symbol followed by the mark.
    public var markdown: String { mark.isEmpty ? symbol : "\(symbol) \(mark)" }

    /// A value as a person reads it: `on`, `off`, `(empty)`, or the text or number.
    public static func word(for value: FlagValue) -> String {
        switch value {
        case .bool(let on): on ? "on" : "off"
        case .string(let text) where text.isEmpty: "(empty)"
        default: value.description
        }
    }

    /// A value that may not be in the inputs, as a person reads it: `unknownWord` when it is not.
    public static func word(for value: FlagValue?) -> String {
        value.map { word(for: $0) } ?? unknownWord
    }

    /// What the app ships in a cell that a layer replaces: "the app ships off (base)".
    public static func shipped(_ hidden: Resolution.Hidden) -> String {
        "the app ships \(word(for: hidden.value)) (\(hidden.layer.id))"
    }

    /// A value in a Markdown table: ✅ or ❌, or the escaped word.
    static func symbol(for value: FlagValue) -> String {
        if case .bool(let on) = value { return on ? "✅" : "❌" }
        return word(for: value).markdownEscaped
    }
}
