/// How the app reads a Remote Config value's text as a flag's value, and whether
/// that text is one the Remote Config server takes for the parameter's value type.
///
/// The Firebase iOS SDK hands the app every value as text and converts it on
/// request (`FIRConfigValue.m`): `RemoteConfigValue.boolValue` is Foundation's
/// `NSString.boolValue` of the text, and `numberValue` is its `doubleValue`. Neither
/// ever fails, so every text gives a value; `RemoteValueReading` reads it the same
/// way, and says when the text is not plainly written as the flag's type.
public struct RemoteValueReading: Hashable, Sendable {
    /// What is worth saying about a text.
    public enum Problem: Hashable, Sendable {
        /// The server refuses this text for the parameter's declared value type
        /// (`BOOLEAN` takes `true` or `false` in any case; `NUMBER` a plain decimal number).
        case refusedForValueType(RemoteValueType)
        /// The text is not written as the flag's type, but the app reads it anyway, as `value`.
        case readLoosely
    }

    /// The value the app gets.
    public var value: FlagValue
    /// What is wrong with the text, if anything.
    public var problem: Problem?

    /// Reads `text` as a flag of `type`, from a parameter whose declared value type is `declared`.
    public init(_ text: String, as type: FlagType, declared: RemoteValueType = .string) {
        value = FlagValue(remote: text, as: type)
        switch (type, declared) {
        case (.bool, .boolean) where !Self.isPlainBool(text): problem = .refusedForValueType(.boolean)
        case (.number, .number) where !Self.isPlainNumber(text): problem = .refusedForValueType(.number)
        case (.bool, _) where !Self.isPlainBool(text), (.number, _) where !Self.isPlainNumber(text): problem = .readLoosely
        default: problem = nil
        }
    }

    /// `true` or `false` in any case: what a `BOOLEAN` parameter takes.
    static func isPlainBool(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered == "true" || lowered == "false"
    }

    /// An optional minus, digits, and at most one point before the last digit (`12`,
    /// `-3`, `0.5`, `.5`): what a `NUMBER` parameter takes.
    static func isPlainNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard let last = bytes.last, Self.isDigit(last) else { return false }
        var points = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") { points += 1 } else if !Self.isDigit(byte) { return false }
        }
        return points <= 1
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}

extension FlagValue {
    /// A Remote Config text read as a value of a flag type, as the Firebase iOS SDK
    /// reads it: for a Bool flag, `NSString.boolValue` (after spaces, an optional sign
    /// and zeros, true when the next character is `t`, `T`, `y`, `Y` or a digit 1 to 9,
    /// whatever follows; false otherwise); for a number flag, `NSString.doubleValue`
    /// (the longest number at the start, after spaces; 0 when there is none); for a
    /// string flag, the text.
    public init(remote text: String, as type: FlagType) {
        switch type {
        case .bool: self = .bool(Self.foundationBool(text))
        case .number: self = Self.foundationNumber(text)
        case .string: self = .string(text)
        case .structured: self = .structured(StructuredValue(json: text) ?? .null)
        }
    }

    /// `NSString.boolValue`, as Apple documents it and swift-corelibs-foundation implements it.
    static func foundationBool(_ text: String) -> Bool {
        var characters = Substring(text).drop { $0 == " " || $0 == "\t" || ($0.isWhitespace && !$0.isNewline) }
        if characters.first == "+" || characters.first == "-" { characters = characters.dropFirst() }
        characters = characters.drop { $0 == "0" }
        guard let first = characters.first else { return false }
        return "tTyY123456789".contains(first)
    }

    /// `NSString.doubleValue`: the longest decimal number at the start of the text,
    /// after spaces and tabs, written as JSON writes numbers (`.5` becomes `0.5`, `+2`
    /// becomes `2`); 0 when the text does not start with one.
    static func foundationNumber(_ text: String) -> FlagValue {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        func digits() -> [UInt8] {
            let start = index
            while index < bytes.count, RemoteValueReading.isDigit(bytes[index]) { index += 1 }
            return Array(bytes[start..<index])
        }
        var whole = digits()
        var fraction: [UInt8]?
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            let point = index
            index += 1
            let after = digits()
            if whole.isEmpty && after.isEmpty { index = point } else { fraction = after }
        }
        guard !whole.isEmpty || fraction != nil else { return .integer(0) }
        var exponent: [UInt8] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            let mark = index
            index += 1
            var sign: [UInt8] = []
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                sign = [bytes[index]]
                index += 1
            }
            let power = digits()
            if power.isEmpty { index = mark } else { exponent = [UInt8(ascii: "e")] + sign + power }
        }
        while whole.count > 1, whole.first == UInt8(ascii: "0") { whole.removeFirst() }
        if whole.isEmpty { whole = [UInt8(ascii: "0")] }
        let isZero = whole == [UInt8(ascii: "0")] && (fraction ?? []).allSatisfy { $0 == UInt8(ascii: "0") }
        let sign = negative && !isZero ? "-" : ""
        if fraction == nil, exponent.isEmpty, let integer = Int(sign + String(decoding: whole, as: UTF8.self)) {
            return .integer(integer)
        }
        var written = sign + String(decoding: whole, as: UTF8.self)
        if let fraction { written += "." + (fraction.isEmpty ? "0" : String(decoding: fraction, as: UTF8.self)) }
        written += String(decoding: exponent, as: UTF8.self)
        return .decimal(written)
    }
}
