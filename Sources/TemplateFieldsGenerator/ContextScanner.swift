/// A context struct as declared: its name as seen from the module (`LinkedText.Part`
/// for a nested one) and its stored properties, in order.
struct ContextDeclaration: Equatable {
    var name: String
    var fields: [String]
}

/// Finds the context structs of a Swift file and their stored properties.
///
/// Hand-written rather than swift-syntax: a build tool's dependencies are built
/// a second time for the host, and swift-syntax would double a clean build. It
/// reads only FlagstaffRenderers' own declarations, which keep to plain forms
/// (`var name: Type`, `let a: Int, b: Int`, `var x = 1`); it skips comments,
/// string literals of every kind and every body in braces, so nothing inside
/// them is mistaken for a declaration. What it gets wrong cannot pass unseen:
/// a field it misses or invents fails to compile or fails
/// `TemplateContextTests`, which checks every field against the property.
enum ContextScanner {
    /// The protocols that make a struct a context.
    static let protocols: Set<String> = ["TemplateContext", "SitePage"]

    static func contexts(in source: String) -> [ContextDeclaration] {
        var parser = Parser(tokens: Token.scan(source))
        parser.declarations(scope: [])
        return parser.found
    }

    /// A token: a word (identifier, keyword or `@attribute`), a punctuation
    /// mark, or the end of a line. Comments and literals leave nothing but what
    /// delimits them.
    enum Token: Equatable {
        case word(String)
        case mark(Character)
        case newline

        static func scan(_ source: String) -> [Token] {
            let characters = Array(source)
            var tokens: [Token] = []
            var index = 0
            func at(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
            while index < characters.count {
                let character = characters[index]
                if character == "\n" {
                    tokens.append(.newline)
                    index += 1
                } else if character.isWhitespace {
                    index += 1
                } else if character == "/", at(1) == "/" {
                    while index < characters.count, characters[index] != "\n" { index += 1 }
                } else if character == "/", at(1) == "*" {
                    var depth = 0
                    repeat {
                        if characters[index] == "/", at(1) == "*" { depth += 1; index += 2 } else if characters[index] == "*", at(1) == "/" {
                            depth -= 1; index += 2
                        } else { index += 1 }
                    } while depth > 0 && index < characters.count
                } else if character == "#" || character == "\"" {
                    // A string literal, raw (`#"…"#`) or not, on one line or many; or a `#if`-style directive word.
                    var hashes = 0
                    while at(hashes) == "#" { hashes += 1 }
                    guard at(hashes) == "\"" else {
                        index += 1
                        continue
                    }
                    index += hashes
                    let multiline = at(0) == "\"" && at(1) == "\"" && at(2) == "\""
                    index += multiline ? 3 : 1
                    let closing = Array(String(repeating: "\"", count: multiline ? 3 : 1) + String(repeating: "#", count: hashes))
                    while index < characters.count {
                        if characters[index] == "\\", hashes == 0 {
                            index += 2
                        } else if Array(characters[index..<min(characters.count, index + closing.count)]) == closing {
                            index += closing.count
                            break
                        } else {
                            index += 1
                        }
                    }
                    tokens.append(.word("\"\""))
                } else if character.isLetter || character == "_" || character == "@" || character == "`" {
                    var word = String(character)
                    index += 1
                    while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" || characters[index] == "`" {
                        word.append(characters[index])
                        index += 1
                    }
                    tokens.append(.word(word))
                } else {
                    tokens.append(.mark(character))
                    index += 1
                }
            }
            return tokens
        }
    }

    struct Parser {
        let tokens: [Token]
        var index = 0
        var found: [ContextDeclaration] = []

        init(tokens: [Token]) { self.tokens = tokens }

        var current: Token? { index < tokens.count ? tokens[index] : nil }

        /// Declarations up to the `}` that closes `scope`'s body (or the end of the file).
        mutating func declarations(scope: [String]) {
            while let token = current {
                switch token {
                case .mark("}"):
                    index += 1
                    return
                case .mark("{"):
                    skipBody()
                case .word(let word) where ["struct", "enum", "class", "actor", "extension", "protocol"].contains(word):
                    index += 1
                    typeDeclaration(kind: word, scope: scope)
                default:
                    index += 1
                }
            }
        }

        /// After `struct`, `extension` and the like: the name, the inheritance
        /// clause, then the body, whose nested types are scanned too.
        mutating func typeDeclaration(kind: String, scope: [String]) {
            var name = "", inherited: [String] = [], inInheritance = false, inWhere = false, angles = 0
            while let token = current, token != .mark("{") {
                switch token {
                case _ where inWhere: break
                case .word(let word) where word == "where": inWhere = true
                case .word(let word) where inInheritance && angles == 0: inherited.append(word)
                case .word(let word) where !inInheritance && angles == 0: name += (name.isEmpty || name.hasSuffix(".") ? "" : ".") + word
                case .mark("."): if !inInheritance { name += "." }
                case .mark("<"): angles += 1
                case .mark(">"): angles -= 1
                case .mark(":") where angles == 0: inInheritance = true
                default: break
                }
                index += 1
            }
            guard current == .mark("{") else { return }
            index += 1
            let path = scope + [name]
            guard kind == "struct", !Set(inherited).isDisjoint(with: ContextScanner.protocols) else {
                declarations(scope: path)
                return
            }
            var fields: [String] = [], writesItsOwn = false
            structBody(path: path, fields: &fields, writesItsOwn: &writesItsOwn)
            if !writesItsOwn { found.append(ContextDeclaration(name: path.joined(separator: "."), fields: fields)) }
        }

        /// A context struct's members: stored properties, and whether it has `func field`.
        mutating func structBody(path: [String], fields: inout [String], writesItsOwn: inout Bool) {
            var modifiers: Set<String> = []
            while let token = current {
                switch token {
                case .mark("}"):
                    index += 1
                    return
                case .mark("{"):
                    skipBody()
                case .newline, .mark(";"):
                    modifiers = []
                    index += 1
                case .word(let word) where ["struct", "enum", "class", "actor", "extension", "protocol"].contains(word):
                    index += 1
                    typeDeclaration(kind: word, scope: path)
                    modifiers = []
                case .word("func"):
                    index += 1
                    if current == .word("field") { writesItsOwn = true }
                case .word(let word) where word == "var" || word == "let":
                    index += 1
                    let names = bindings()
                    if modifiers.isDisjoint(with: ["static", "class", "lazy"]) { fields += names }
                    modifiers = []
                case .word(let word):
                    modifiers.insert(word)
                    index += 1
                case .mark("("):
                    skipBalanced(open: "(", close: ")")
                default:
                    index += 1
                }
            }
        }

        /// The stored names of one `var`/`let` declaration: `a: Int, b = 2`. A
        /// binding followed by a body is computed, unless the body is observers.
        mutating func bindings() -> [String] {
            var names: [String] = []
            while case .word(let name)? = current {
                index += 1
                var stored = true
                // The type and the initial value, up to a `,` between bindings, the end of the line, or a body.
                while let token = current {
                    if token == .mark(",") || token == .newline || token == .mark(";") || token == .mark("}") { break }
                    if token == .mark("{") {
                        stored = observersFollow()
                        skipBody()
                        break
                    }
                    if case .mark(let open) = token, let close = Self.closing[open] {
                        skipBalanced(open: open, close: close)
                    } else {
                        index += 1
                    }
                }
                if stored { names.append(name.filter { $0 != "`" }) }
                guard current == .mark(",") else { break }
                index += 1
                while current == .newline { index += 1 }
            }
            return names
        }

        /// Whether the body at `{` starts with `willSet` or `didSet`.
        func observersFollow() -> Bool {
            var ahead = index + 1
            while ahead < tokens.count, tokens[ahead] == .newline { ahead += 1 }
            return ahead < tokens.count && (tokens[ahead] == .word("willSet") || tokens[ahead] == .word("didSet"))
        }

        /// The marks that open a nested part of a type or a value, and those that close them.
        static let closing: [Character: Character] = ["(": ")", "[": "]", "<": ">"]

        /// Skips from `{` past its matching `}`.
        mutating func skipBody() { skipBalanced(open: "{", close: "}") }

        /// Skips from an opening mark past its matching close, nested ones included.
        mutating func skipBalanced(open: Character, close: Character) {
            var depth = 0
            while let token = current {
                index += 1
                if token == .mark(open) { depth += 1 } else if token == .mark(close) {
                    depth -= 1
                    if depth == 0 { return }
                }
            }
        }
    }
}
