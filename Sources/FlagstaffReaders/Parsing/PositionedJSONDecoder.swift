/// Decodes a `Decodable` value from a parsed `PositionedJSON` document, so a file
/// read with its positions is not parsed a second time by Foundation's
/// `JSONDecoder`. It throws `DecodingError`s with their coding paths, as
/// `JSONDecoder` does, so a caller can find the value an error is about in the
/// same document. Of a key an object has twice, the first is read.
enum PositionedJSONDecoder {
    /// The value of type `Value` that `document` holds.
    static func decode<Value: Decodable>(_ type: Value.Type, from document: PositionedJSON) throws -> Value {
        try ValueDecoder(value: document, codingPath: []).decode(type)
    }
}

/// A coding key for array positions and `super`.
private struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
    init(intValue: Int) { (stringValue, self.intValue) = ("Index \(intValue)", intValue) }
}

/// One value of the document, as a decoder and as its own single-value container.
private struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: PositionedJSON
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value.kind else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value.kind else { throw mismatch([Any].self) }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// The error for a value of another kind than `type`: `valueNotFound` for null, as `JSONDecoder` says.
    private func mismatch(_ type: Any.Type) -> DecodingError {
        let context = DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(type), found \(value.kindName)")
        if case .null = value.kind { return .valueNotFound(type, context) }
        return .typeMismatch(type, context)
    }

    private func number<Number: LosslessStringConvertible>(_ type: Number.Type) throws -> Number {
        guard case .number(let text) = value.kind else { throw mismatch(type) }
        guard let number = Number(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "the number \(text) is not a \(type)"))
        }
        return number
    }

    func decodeNil() -> Bool {
        if case .null = value.kind { true } else { false }
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value.kind else { throw mismatch(type) }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value.kind else { throw mismatch(type) }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double { try number(type) }
    func decode(_ type: Float.Type) throws -> Float { try number(type) }
    func decode(_ type: Int.Type) throws -> Int { try number(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try number(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try number(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try number(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try number(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try number(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try number(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try number(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try number(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try number(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}

/// An object's members by key.
private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [PositionedJSON.Member]
    let codingPath: [any CodingKey]
    /// The position of each key's first member.
    private let positions: [String: Int]

    init(members: [PositionedJSON.Member], codingPath: [any CodingKey]) {
        self.members = members
        self.codingPath = codingPath
        positions = Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    var allKeys: [Key] {
        members.indices.compactMap { positions[members[$0].key] == $0 ? Key(stringValue: members[$0].key) : nil }
    }

    func contains(_ key: Key) -> Bool { positions[key.stringValue] != nil }

    private func value(_ key: any CodingKey) throws -> ValueDecoder {
        guard let position = positions[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no value for \"\(key.stringValue)\""))
        }
        return ValueDecoder(value: members[position].value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try value(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try value(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { try value(JSONKey(stringValue: "super")) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try value(key) }
}

/// An array's elements, one after another.
private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [PositionedJSON]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [PositionedJSON], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element; the container moves past it.
    private mutating func next() throws -> ValueDecoder {
        let key = JSONKey(intValue: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath + [key], debugDescription: "the array has no more values"))
        }
        currentIndex += 1
        return ValueDecoder(value: elements[currentIndex - 1], codingPath: codingPath + [key])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex].kind else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}
