import FlagstaffCore
import Synchronization
import Testing

/// The resolved matrix tells the installed advice (huge pages, from the command
/// line) of its cells' buffer before it writes it.
@Suite("Large buffers", .serialized)
struct LargeBuffersTests {
    @Test func theMatrixTellsTheAdviceOfItsCellsBuffer() {
        // Other tests may resolve matrices meanwhile: each buffer told is noted,
        // and this one's is known by its size, which no other test's shares.
        let told = Mutex<[Int]>([])
        LargeBuffers.install { buffer in told.withLock { $0.append(buffer.count) } }
        defer { LargeBuffers.install(nil) }
        let flags = (0..<37).map { Build.flag("FLAG_\($0)") }
        let tenants = (0..<3).map { Tenant(id: "T\($0)", name: "T\($0)", file: "T\($0).json") }
        let matrix = ResolvedMatrix(model: Build.model(flags: flags, tenants: tenants, environments: ["a", "b", "c", "d", "e"]))
        // 5 environments × 3 tiles of 16 flags × 3 tenants × 16 cells.
        let cells = 5 * 3 * 3 * 16
        #expect(told.withLock { $0 }.contains(cells * MemoryLayout<ResolvedMatrix.PackedCell>.stride))
        #expect(matrix.cell(flag: 36, tenant: 2, environment: 4).layer != .max)
    }
}
