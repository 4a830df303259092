/// How one resolved cell is shown, the same in every view: the value in words,
/// the deciding layer's mark, and a short class name for styling.
public struct CellPresentation: Hashable, Sendable {
    /// The value as a person reads it: `on`, `off`, `(empty)`, `42`, `carousel`.
    public var word: String
    /// The value for a Markdown table: ✅ or ❌ for Bool values, the escaped word otherwise.
    public var symbol: String
    /// The deciding layer's mark, such as `◆`; empty for none.
    public var mark: String
    /// Two letters: the value (`y` on, `n` off, `x` other), then the layer's code.
    public var cssClass: String

    /// The presentation of a resolution.
    public init(_ resolution: Resolution) {
        word = Self.word(for: resolution.value)
        switch resolution.value {
        case .bool(let on):
            symbol = on ? "✅" : "❌"
            cssClass = (on ? "y" : "n") + resolution.layer.code
        default:
            symbol = word.markdownEscaped
            cssClass = "x" + resolution.layer.code
        }
        mark = resolution.layer.mark
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
}
