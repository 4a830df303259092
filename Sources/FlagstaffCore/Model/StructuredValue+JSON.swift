extension StructuredValue {
    /// The array or dictionary a JSON text holds, as Remote Config sends a JSON
    /// parameter; `nil` when the text is not an array or an object of JSON.
    ///
    /// Hand-written because the core depends on nothing: the readers' positioned
    /// parser keeps positions this needs not, and Foundation is not available here.
    /// Deeply nested text is refused past `InputLimits.jsonDepth` levels.
    public init?(json text: String) {
        var parser = Parser(Array(text.utf8))
        guard let value = parser.value(depth: 0), parser.atEnd else { return nil }
        switch value {
        case .array, .object: self = value
        default: return nil
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var offset = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool {
            mutating get {
                skipSpace()
                return offset == bytes.count
            }
        }

        mutating func skipSpace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
            return true
        }

        mutating func value(depth: Int) -> StructuredValue? {
            guard depth < InputLimits.jsonDepth else { return nil }
            skipSpace()
            guard offset < bytes.count else { return nil }
            switch bytes[offset] {
            case UInt8(ascii: "["):
                offset += 1
                var elements: [StructuredValue] = []
                if take(UInt8(ascii: "]")) { return .array(elements) }
                repeat {
                    guard let element = value(depth: depth + 1) else { return nil }
                    elements.append(element)
                } while take(UInt8(ascii: ","))
                return take(UInt8(ascii: "]")) ? .array(elements) : nil
            case UInt8(ascii: "{"):
                offset += 1
                var members: [(key: String, value: StructuredValue)] = []
                if take(UInt8(ascii: "}")) { return .object(members) }
                repeat {
                    skipSpace()
                    guard let key = string(), take(UInt8(ascii: ":")), let member = value(depth: depth + 1) else { return nil }
                    members.removeAll { $0.key == key }
                    members.append((key, member))
                } while take(UInt8(ascii: ","))
                return take(UInt8(ascii: "}")) ? .object(members) : nil
            case UInt8(ascii: "\""):
                return string().map { .scalar(.string($0)) }
            default:
                return word()
            }
        }

        /// A string at the offset, its escapes decoded.
        mutating func string() -> String? {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
            offset += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll()
            }
            while offset < bytes.count {
                let byte = bytes[offset]
                offset += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard offset < bytes.count else { return nil }
                    let escape = bytes[offset]
                    offset += 1
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "u"):
                        guard offset + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
                        else { return nil }
                        offset += 4
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escape))
                    default: return nil
                    }
                case 0..<0x20:
                    return nil
                default:
                    run.append(byte)
                }
            }
            return nil
        }

        /// `true`, `false`, `null` or a number.
        mutating func word() -> StructuredValue? {
            let start = offset
            while offset < bytes.count, !",]} \t\r\n".utf8.contains(bytes[offset]) { offset += 1 }
            let text = String(decoding: bytes[start..<offset], as: UTF8.self)
            switch text {
            case "true": return .scalar(.bool(true))
            case "false": return .scalar(.bool(false))
            case "null": return .null
            default:
                if let integer = Int(text) { return .scalar(.integer(integer)) }
                let isNumber = Double(text) != nil && text.first != "+" && text.first != "." && text.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
                return isNumber ? .scalar(.decimal(text)) : nil
            }
        }
    }
}
