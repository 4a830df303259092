import SwiftSyntax

extension TokenSyntax {
    /// The name the token spells, without the backticks that make a keyword a
    /// name (`` `default` `` is `default`): how the configuration and the code's
    /// uses name it.
    var name: String {
        let text = self.text
        guard text.count > 2, text.hasPrefix("`"), text.hasSuffix("`") else { return text }
        return String(text.dropFirst().dropLast())
    }
}
