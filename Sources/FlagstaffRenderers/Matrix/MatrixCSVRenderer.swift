import Foundation
import FlagstaffCore

/// Renders the matrix as CSV (RFC 4180): one line per flag, tenant and environment.
/// A varying cell has an empty `value` and says in `reason` which value applies when.
public enum MatrixCSVRenderer {
    /// The CSV text of a slice, with a header line.
    public static func render(_ slice: MatrixSlice) -> String {
        var lines = ["flag,case,group,tenant,environment,value,source,file,line,reason,bundled"]
        for (position, flag) in slice.matrix.model.flags.enumerated() {
            for (tenant, tenantPosition) in zip(slice.tenants, slice.tenantPositions) {
                for (environment, environmentPosition) in zip(slice.environments, slice.environmentPositions) {
                    let resolution = slice.matrix.resolution(flag: position, tenant: tenantPosition, environment: environmentPosition)
                    lines.append(
                        [
                            flag.key, flag.caseName, flag.group ?? "", tenant.id, environment,
                            resolution.isVarying ? "" : resolution.value.description, resolution.layer.id,
                            resolution.location?.file ?? "", resolution.location.map { String($0.line) } ?? "",
                            resolution.explanation ?? "", resolution.hidden.map { $0.value.description } ?? "",
                        ].map(field).joined(separator: ","))
                }
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A field as RFC 4180 wants it: quoted, with quotes doubled, when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        // Bytes, not Characters: "\r\n" is one Character, so a Character test would miss a lone "\n" or "\r".
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
