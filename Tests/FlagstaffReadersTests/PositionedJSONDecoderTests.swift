import FlagstaffCore
import Foundation
@testable import FlagstaffReaders
import Testing

/// `Decodable` values from the parsed JSON documents, so a file is parsed once.
@Suite("JSON decoding from a parsed document")
struct PositionedJSONDecoderTests {
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case square
    }

    struct Sample: Codable, Equatable {
        var name: String
        var count: Int
        var ratio: Double
        var on: Bool
        var note: String?
        var day: CalendarDate
        var shapes: [Shape]
        var byKey: [String: [Int]]
    }

    func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
        try PositionedJSONDecoder.decode(type, from: PositionedJSONParser.parse(text, file: "t.json"))
    }

    @Test func everyKindOfValueDecodesAsFoundationDecodesIt() throws {
        let text = """
            {"name": "a\\u00e9", "count": -3, "ratio": 1.5e2, "on": true, "note": null, "day": "2026-11-23",
             "shapes": [{"circle": {"radius": 2}}, {"square": {}}], "byKey": {"b": [1, 2], "a": []}}
            """
        let decoded = try decode(Sample.self, text)
        #expect(decoded == Sample(
            name: "a\u{e9}", count: -3, ratio: 150, on: true, note: nil, day: CalendarDate(year: 2026, month: 11, day: 23)!,
            shapes: [.circle(radius: 2), .square], byKey: ["b": [1, 2], "a": []]))
        #expect(try decoded == JSONDecoder().decode(Sample.self, from: Data(text.utf8)))
    }

    /// Errors are of `JSONDecoder`'s kinds and carry the coding path of the value they are about.
    @Test func errorsNameTheirKindAndTheValuesPath() throws {
        func failure(_ text: String) -> String? {
            do {
                _ = try decode([String: [Bool]].self, text)
                return nil
            } catch let error as DecodingError {
                let (kind, context): (String, DecodingError.Context?) = switch error {
                case .typeMismatch(_, let context): ("typeMismatch", context)
                case .valueNotFound(_, let context): ("valueNotFound", context)
                case .keyNotFound(_, let context): ("keyNotFound", context)
                case .dataCorrupted(let context): ("dataCorrupted", context)
                @unknown default: ("unknown", nil)
                }
                return "\(kind) " + (context?.codingPath.map(\.stringValue).joined(separator: "/") ?? "")
            } catch {
                return "not a DecodingError: \(error)"
            }
        }
        #expect(failure(#"{"a": [true, "no"]}"#) == "typeMismatch a/Index 1")
        #expect(failure(#"{"a": [true, null]}"#) == "valueNotFound a/Index 1")
        #expect(failure(#"{"a": 3}"#) == "typeMismatch a")
        #expect(failure(#"[true]"#) == "typeMismatch ")
        #expect(failure(#"{"a": [true]}"#) == nil)
    }

    @Test func ofAKeyWrittenTwiceTheFirstIsRead() throws {
        #expect(try decode([String: Int].self, #"{"a": 1, "a": 2}"#) == ["a": 1])
    }

    /// The example's committed history snapshot decodes whole: encoded again, it is the file's bytes.
    @Test func theExampleSnapshotDecodesToItsOwnBytes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent("content/history.json")))
        let snapshot = try decode(HistorySnapshot.self, String(decoding: bytes, as: UTF8.self))
        #expect(snapshot.encoded() == bytes)
    }
}
