import FlagstaffCore

/// Renders `flags.json`, the versioned export other tools read. See the README
/// for the schema; bump `schemaVersion` on any incompatible change.
///
/// The cells are nearly all of the file (millions in a large workspace), so a flag
/// keeps them as rows, one per environment with one entry per tenant: the values,
/// the deciding layers' one-letter codes and the lines, written straight into the
/// text. Whatever a cell has beyond that is in the flag's sparse `extras`.
public enum FlagsJSONRenderer {
    /// The schema version this renderer writes.
    public static let schemaVersion = 3

    /// The export of a slice of the matrix, with each flag's lifecycle when a
    /// report is given, as UTF-8 bytes, for a file. Written as bytes throughout:
    /// the cells are millions of short pieces, which a `String` appends several
    /// times slower, and a file of tens of megabytes is not copied into a
    /// `String` on the way.
    public static func utf8(_ slice: MatrixSlice, lifecycle: LifecycleReport? = nil) -> [UInt8] {
        let export = Export(slice, lifecycle: lifecycle)
        let flags = slice.matrix.model.flags.indices
        var output = export.opening
        // Reserved at once, as growing by doubling would copy tens of megabytes
        // and hold both copies for a moment.
        output.reserveCapacity(output.count + export.estimatedBytes(flags: flags.count))
        export.append(flags, to: &output)
        output += export.closing
        return output
    }

    /// Hands the same bytes as `utf8` to `output` in pieces, in order: what the
    /// matrix command writes one after another. The flags are written in runs,
    /// on every core, and each run handed over as soon as those before it are:
    /// the first are written out while the cores make the rest.
    public static func write(_ slice: MatrixSlice, lifecycle: LifecycleReport? = nil, to output: ([UInt8]) -> Void) {
        let export = Export(slice, lifecycle: lifecycle)
        let count = slice.matrix.model.flags.count, run = 64
        output(export.opening)
        Parallel.inOrder((count + run - 1) / run, { index -> [UInt8] in
            let flags = (index * run)..<min(count, (index + 1) * run)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(export.estimatedBytes(flags: flags.count))
            export.append(flags, to: &bytes)
            return bytes
        }, deliver: output)
        output(export.closing)
    }

    /// The export's text around its flags, and each flag's object.
    private struct Export: Sendable {
        let slice: MatrixSlice, lifecycle: LifecycleReport?
        /// The layers of sources Flagstaff cannot see.
        let external: [LayerDescription]
        let rows: CellRows
        /// The text before the first flag: the header's members and the start of `flags`.
        let opening: [UInt8]

        init(_ slice: MatrixSlice, lifecycle: LifecycleReport?) {
            (self.slice, self.lifecycle) = (slice, lifecycle)
            let model = slice.matrix.model
            var header: [JSONValue.Member] = [
                .init("schemaVersion", .integer(schemaVersion)),
                .init("title", .string(model.title)),
            ]
            if let lifecycle {
                header += [.init("asOf", .string(lifecycle.asOf.description)), .init("lifecyclePolicy", LifecycleJSON.policy(lifecycle))]
            }
            header += [
                .init("environments", .array(slice.environments.map(JSONValue.string))),
                .init("layerCodes", .object(slice.matrix.chain.shownLayers.map { JSONValue.Member($0.code, .string($0.id)) })),
            ]
            // Sources Flagstaff cannot see: their order in the chain and their words, once.
            // A cell they may change is written as the layers below them decide it.
            external = slice.matrix.chain.shownLayers.filter { $0.changeNote != nil }
            if !external.isEmpty {
                header += [
                    .init("chain", .array(slice.matrix.chain.shownLayers.map { .string($0.code) })),
                    .init("changeNotes", .object(external.map { JSONValue.Member($0.code, .string($0.changeNote!)) })),
                ]
            }
            header += [
                .init("tenants", .array(slice.tenants.map { tenant in
                    .object([.init("id", .string(tenant.id)), .init("name", .string(tenant.name)), .init("file", .string(tenant.file))])
                })),
            ]
            var opening = Array("{\n".utf8)
            for member in header {
                FlagsJSONRenderer.append(member, to: &opening, indent: 2)
                opening += ",\n".utf8
            }
            opening += "  \"flags\": [".utf8
            self.opening = opening
            rows = CellRows(slice)
        }

        /// The text after the last flag.
        var closing: [UInt8] { Array((slice.matrix.model.flags.isEmpty ? "]\n}\n" : "\n  ]\n}\n").utf8) }

        /// About what `flags` flags take: 1,000 bytes each and about 12 a cell.
        func estimatedBytes(flags: Int) -> Int { flags * (1_000 + slice.environments.count * slice.tenants.count * 14) }

        /// Appends the objects of the flags at these positions, each after the
        /// separator its position gives it.
        func append(_ flags: Range<Int>, to output: inout [UInt8]) {
            for index in flags {
                output += (index == 0 ? "\n    {\n" : ",\n    {\n").utf8
                let mayBeChangedBy: [JSONValue.Member] =
                    external.isEmpty ? [] : [.init("mayBeChangedBy", .array(slice.matrix.externalLayers(of: index).map { .string($0.code) }))]
                for member in metadata(of: slice.matrix.model.flags[index], in: slice, lifecycle: lifecycle) + mayBeChangedBy {
                    FlagsJSONRenderer.append(member, to: &output, indent: 6)
                    output += ",\n".utf8
                }
                rows.append(flag: index, to: &output)
                output += "\n    }".utf8
            }
        }
    }

    /// A flag's fields other than its cells.
    private static func metadata(of flag: Flag, in slice: MatrixSlice, lifecycle: LifecycleReport?) -> [JSONValue.Member] {
        let catalog = slice.matrix.model.catalog
        let entry = catalog.entry(for: flag.key)
        return [
            .init("key", .string(flag.key)),
            .init("case", .string(flag.caseName)),
            .init("group", .optional(flag.group)),
            .init("type", .string(slice.matrix.type(of: flag).rawValue)),
            .init("description", .optional(entry?.description)),
            .init("documentation", .optional(flag.documentation)),
            .init("deprecated", .optional(flag.deprecation)),
            .init("condition", .optional(flag.condition)),
        ] + (flag.absentIn.isEmpty ? [] : [JSONValue.Member("notInBuild", .array(slice.environments.filter(flag.absentIn.contains).map(JSONValue.string)))]) + [
            .init("catalog", .object(catalog.extraColumns.map { JSONValue.Member($0, .optional(entry?.value($0))) })),
        ] + (lifecycle?.entry(for: flag.key).map { [JSONValue.Member("lifecycle", LifecycleJSON.object($0))] } ?? [])
    }

    private static func append(_ member: JSONValue.Member, to output: inout [UInt8], indent: Int) {
        output += repeatElement(UInt8(ascii: " "), count: indent)
        JSONValue.appendQuoted(member.key, to: &output)
        output += ": ".utf8
        member.value.write(into: &output, indent: indent)
    }

    /// One cell in full, as `explain --format json` prints it: the value and the
    /// deciding layer, where it is written, why, the bundled value remote config
    /// hides, and for a varying cell every value it can take.
    static func cell(_ resolution: Resolution) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("value", resolution.hasValue ? resolution.value.json : .null), .init("source", .string(resolution.layer.id)),
        ]
        if !resolution.isVarying { members += place(resolution.location) }
        return .object(members + details(of: resolution))
    }

    /// What a cell says beyond its value, layer and place: the reason, the bundled
    /// value and the variants, each only when the cell has it.
    static func details(of resolution: Resolution) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        if let reason = resolution.reason { members.append(.init("reason", .string(reason))) }
        if let hidden = resolution.hidden, !resolution.isVarying {
            members.append(.init("bundled", .object([.init("value", hidden.value.json), .init("source", .string(hidden.layer.id))] + place(hidden.location))))
        }
        if resolution.isVarying {
            members.append(.init("varies", .array(resolution.variants.map { variant in
                .object(
                    [
                        .init("when", .string(variant.condition)), .init("value", variant.value?.json ?? .null),
                        .init("source", .string(variant.layer.id)),
                    ] + place(variant.location) + (variant.isDecidedInCode ? [.init("decidedInCode", .bool(true))] : []))
            })))
        }
        return members
    }

    private static func place(_ location: SourceLocation?) -> [JSONValue.Member] {
        location.map { [.init("file", .string($0.file)), .init("line", .integer($0.line))] } ?? []
    }
}

/// The cells of a slice as `flags.json` writes them: per flag, the `values`,
/// `layers`, `lines` and `extras` members, each with one row per environment.
private struct CellRows: Sendable {
    let slice: MatrixSlice
    /// The slice's tenants and environments as positions in the model.
    let tenants: [Int], environments: [Int]
    /// The slice's tenants' defaults files, read once rather than per cell, and
    /// their positions among the files cells are written in.
    let tenantFiles: [String], tenantFilePositions: [Int?]
    /// Each of the matrix's values as JSON, and each layer's code and whether it
    /// leaves the flag out, by position: a cell without details is written from
    /// its packed form, with no resolution built (2.4 million at 2,000 × 200 × 6).
    /// The texts are pieces of one buffer, which a cell reads without touching a
    /// reference count.
    let valueTexts: BytePieces, layerCodes: BytePieces, leavesFlagOut: [Bool]

    init(_ slice: MatrixSlice) {
        self.slice = slice
        (tenants, environments) = (slice.tenantPositions, slice.environmentPositions)
        tenantFiles = slice.tenants.map(\.file)
        tenantFilePositions = tenantFiles.map(slice.matrix.filePosition)
        valueTexts = slice.matrix.values.reduce(into: BytePieces()) { pieces, value in
            var text: [UInt8] = []
            value.appendJSON(to: &text)
            pieces.add(text)
        }
        layerCodes = slice.matrix.layers.reduce(into: BytePieces()) { pieces, layer in pieces.add(layer.code.utf8) }
        leavesFlagOut = slice.matrix.layers.map(\.leavesFlagOut)
    }

    /// Appends one flag's cell members, the last members of its object.
    func append(flag: Int, to output: inout [UInt8]) {
        let indent = "        ".utf8
        var values: [UInt8] = [], layers: [UInt8] = [], lines: [UInt8] = []
        let cells = environments.count * tenants.count
        values.reserveCapacity(cells * 6)
        layers.reserveCapacity(cells)
        lines.reserveCapacity(cells * 3)
        var extras: [JSONValue.Member] = []
        var packedRow: [ResolvedMatrix.PackedCell] = []
        valueTexts.read { valueTexts in
            layerCodes.read { layerCodes in
                for (row, environment) in environments.enumerated() {
                    slice.matrix.cells(flag: flag, environment: environment, tenants: tenants, into: &packedRow)
                    var start: [UInt8] = Array((row == 0 ? "\n" : ",\n").utf8) + indent
                    JSONValue.appendQuoted(slice.environments[row], to: &start)
                    start += ": ".utf8
                    values += start
                    values.append(UInt8(ascii: "["))
                    layers += start
                    layers.append(UInt8(ascii: "\""))
                    lines += start
                    lines.append(UInt8(ascii: "["))
                    var rowExtras: [JSONValue.Member] = []
                    for (column, tenant) in tenants.enumerated() {
                        if column > 0 {
                            values.append(UInt8(ascii: ","))
                            lines.append(UInt8(ascii: ","))
                        }
                        // A cell without details has only its value, layer and place; a layer
                        // that leaves the flag out gives its reason, so has details, but such
                        // a cell is never written from its value whatever it says.
                        let packed = packedRow[column], layer = Int(packed.layer)
                        if !packed.hasDetails, !leavesFlagOut[layer] {
                            valueTexts.append(Int(packed.value), to: &values)
                            layerCodes.append(layer, to: &layers)
                            let place = slice.matrix.place(of: packed)
                            JSONValue.appendInteger(place?.line ?? 0, to: &lines)
                            if let place, place.file != tenantFilePositions[column] {
                                rowExtras.append(.init(slice.tenants[column].id, .object([.init("file", .string(slice.matrix.fileName(at: place.file)))])))
                            }
                            continue
                        }
                        // A cell external layers may change is written as the layers below
                        // them decide it; the flag's `mayBeChangedBy` names them once.
                        let (cell, _) = slice.matrix.resolutionBelowExternalLayers(flag: flag, tenant: tenant, environment: environment)
                        if cell.hasValue { cell.value.appendJSON(to: &values) } else { values += "null".utf8 }
                        layers += cell.layer.code.utf8
                        JSONValue.appendInteger(cell.isVarying ? 0 : cell.location?.line ?? 0, to: &lines)
                        let cellExtras = Self.extras(of: cell, tenantFile: tenantFiles[column])
                        if !cellExtras.isEmpty { rowExtras.append(.init(slice.tenants[column].id, .object(cellExtras))) }
                    }
                    values.append(UInt8(ascii: "]"))
                    layers.append(UInt8(ascii: "\""))
                    lines.append(UInt8(ascii: "]"))
                    if !rowExtras.isEmpty { extras.append(.init(slice.environments[row], .object(rowExtras))) }
                }
            }
        }
        let end = (environments.isEmpty ? "}" : "\n      }").utf8
        output += "      \"values\": {".utf8
        output += values
        output += end
        output += ",\n      \"layers\": {".utf8
        output += layers
        output += end
        output += ",\n      \"lines\": {".utf8
        output += lines
        output += end
        output += ",\n      \"extras\": ".utf8
        JSONValue.object(extras).write(into: &output, indent: 6)
    }

    /// What a cell has beyond its value, layer and line: its file when it is not
    /// the tenant's, the reason, the bundled value and the variants.
    static func extras(of cell: Resolution, tenantFile: String) -> [JSONValue.Member] {
        var members = FlagsJSONRenderer.details(of: cell)
        if !cell.isVarying, let file = cell.location?.file, file != tenantFile { members.insert(.init("file", .string(file)), at: 0) }
        return members
    }
}

extension FlagValue {
    /// Appends the value as JSON text.
    fileprivate func appendJSON(to output: inout [UInt8]) {
        switch self {
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .integer(let value): JSONValue.appendInteger(value, to: &output)
        case .decimal(let text): output += text.utf8
        case .string(let text): JSONValue.appendQuoted(text, to: &output)
        case .structured(let value): output += value.description.utf8
        }
    }
}
