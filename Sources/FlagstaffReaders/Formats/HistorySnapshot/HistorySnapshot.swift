import FlagstaffCore
import Foundation

/// The values' history up to a pinned commit, committed beside the sources
/// (`history.snapshot`), so a site can be built, and checked with
/// `build --check`, where git's history is not at hand: a shallow clone, a
/// tarball, a CI checkout with `--depth 1`.
///
/// `flagstaff history --write-snapshot` writes it from git; a build reads it
/// instead of git. It holds the history itself (every entry, with its commits,
/// cells, layers, template versions, renames and unknown stretches) and the
/// files the workspace read at the last commit it could read, so the build can
/// say what the sources change after that commit exactly as a walk of git would.
///
/// The file is JSON with sorted keys and two-space indentation, the same bytes
/// for the same history on every machine.
public struct HistorySnapshot: Codable, Sendable {
    /// What the file is, so a stray JSON file is not taken for one.
    public static let formatName = "flagstaff-history-snapshot"
    /// The version of this layout; a reader refuses others.
    public static let currentSchemaVersion = 1

    /// Always `formatName`.
    public var format: String
    /// The layout's version.
    public var schemaVersion: Int
    /// The configuration's `history.until` when the snapshot was written.
    public var until: String
    /// The configuration's `history.since` when the snapshot was written.
    public var since: String?
    /// The day Remote Config's date rules were decided for.
    public var asOf: CalendarDate?
    /// The history, oldest entry first.
    public var history: ValueHistory
    /// Whether the workspace cannot be read at the last commit.
    public var endsUnreadable: Bool
    /// The files the workspace read at the last commit it could read, by path from
    /// the workspace's root: what a build compares its own sources with.
    public var sources: [String: String]

    /// Creates a snapshot.
    public init(
        until: String, since: String?, asOf: CalendarDate?, history: ValueHistory, endsUnreadable: Bool, sources: [String: String]
    ) {
        format = Self.formatName
        schemaVersion = Self.currentSchemaVersion
        self.until = until
        self.since = since
        self.asOf = asOf
        self.history = history
        self.endsUnreadable = endsUnreadable
        self.sources = sources
    }

    /// The file's bytes: sorted keys, two-space indentation, a final newline.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every value of a snapshot is a string, number, Bool, array or object
        // JSONEncoder can write, so encoding cannot fail.
        let data = (try? encoder.encode(self)) ?? Data()
        return [UInt8](data) + [UInt8(ascii: "\n")]
    }

    /// A snapshot read from a file, and where its `until` is written, for messages.
    public struct Reading: Sendable {
        /// The snapshot.
        public var snapshot: HistorySnapshot
        /// Where the value of `until` is.
        public var untilLocation: SourceLocation
        /// Where the value of `since` is, or the start of the file when it has none.
        public var sinceLocation: SourceLocation
        /// Where the value of `asOf` is, or the start of the file when it has none.
        public var asOfLocation: SourceLocation
    }

    /// What reading a snapshot file gave.
    public enum Outcome: Sendable {
        /// The snapshot.
        case success(Reading)
        /// What is wrong with the file, at its place.
        case failure(Diagnostic)
    }

    /// Reads a snapshot file; anything wrong with it is one error at its position,
    /// with a hint to write it again.
    public static func read(_ bytes: [UInt8], file: String) -> Outcome {
        let hint = "write it again with `flagstaff history --write-snapshot`"
        let text = String(decoding: bytes, as: UTF8.self)
        let document: PositionedJSON
        do {
            document = try PositionedJSONParser.parse(text, file: file)
        } catch {
            return .failure(Diagnostic.error("the history snapshot is not valid JSON: \(error.message)", at: error.location, hint: hint))
        }
        guard case .object(let members) = document.kind else {
            return .failure(Diagnostic.error("the history snapshot must be a JSON object, not \(document.kindName)", at: document.location, hint: hint))
        }
        let member = { (key: String) in members.first { $0.key == key }?.value }
        guard case .string(let format)? = member("format")?.kind, format == formatName else {
            return .failure(
                Diagnostic.error("this is not a Flagstaff history snapshot (its \"format\" is not \"\(formatName)\")", at: member("format")?.location ?? document.location, hint: hint))
        }
        guard case .number(let version)? = member("schemaVersion")?.kind, version == String(currentSchemaVersion) else {
            return .failure(
                Diagnostic.error(
                    "this history snapshot's layout (schemaVersion) is not \(currentSchemaVersion), the one this Flagstaff reads",
                    at: member("schemaVersion")?.location ?? document.location, hint: hint))
        }
        do {
            let snapshot = try PositionedJSONDecoder.decode(HistorySnapshot.self, from: document)
            let start = SourceLocation.start(of: file)
            return .success(
                Reading(
                    snapshot: snapshot, untilLocation: member("until")?.location ?? start, sinceLocation: member("since")?.location ?? start,
                    asOfLocation: member("asOf")?.location ?? start))
        } catch let error as DecodingError {
            return .failure(problem(error, in: document, hint: hint))
        } catch {
            return .failure(Diagnostic.error("the history snapshot cannot be read: \(error)", at: document.location, hint: hint))
        }
    }

    /// A decoding error as a diagnostic at the value it is about: the deepest
    /// part of its coding path the document has.
    static func problem(_ error: DecodingError, in document: PositionedJSON, hint: String) -> Diagnostic {
        let path: [any CodingKey], message: String
        switch error {
        case .keyNotFound(let key, let context):
            path = context.codingPath
            message = "the history snapshot lacks \"\(key.stringValue)\" here"
        case .typeMismatch(let type, let context):
            path = context.codingPath
            message = "the history snapshot has the wrong kind of value here (expected \(Self.kindName(type)))"
        case .valueNotFound(let type, let context):
            path = context.codingPath
            message = "the history snapshot has null where it needs \(Self.kindName(type))"
        case .dataCorrupted(let context):
            path = context.codingPath
            message = "the history snapshot has a value it cannot read here: \(context.debugDescription)"
        @unknown default:
            path = []
            message = "the history snapshot cannot be read"
        }
        var value = document
        walk: for key in path {
            switch value.kind {
            case .object(let members):
                guard let next = members.first(where: { $0.key == key.stringValue }) else { break walk }
                value = next.value
            case .array(let elements):
                guard let index = key.intValue, elements.indices.contains(index) else { break walk }
                value = elements[index]
            default: break walk
            }
        }
        return .error(message, at: value.location, hint: hint)
    }

    /// A Swift type as the message names it: `String`, `Int`, `Array<…>`.
    private static func kindName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "a Bool"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
