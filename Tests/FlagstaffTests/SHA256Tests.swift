import Flagstaff
import Testing

/// The hand-written SHA-256 against FIPS 180-4's examples, and inputs around a
/// block's padding boundary, where a one-line slip would show.
@Suite("SHA-256")
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("The quick brown fox jumps over the lazy dog", "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"),
    ])
    func knownDigests(text: String, digest: String) {
        #expect(SHA256.hex(text.utf8) == digest)
    }

    /// A million `a`s (FIPS 180-4's long example), fed in uneven pieces.
    @Test func aLongInputInPieces() {
        var hash = SHA256()
        var left = 1_000_000, size = 1
        while left > 0 {
            let piece = min(size, left)
            hash.update([UInt8](repeating: UInt8(ascii: "a"), count: piece))
            left -= piece
            size = size * 3 % 997 + 1
        }
        #expect(hash.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths 55, 56, 63, 64 and 65 pad differently; in one piece or byte by byte, the digest is the same.
    @Test(arguments: [55, 56, 63, 64, 65, 119, 120])
    func paddingBoundaries(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var byByte = SHA256()
        for byte in bytes { byByte.update([byte]) }
        #expect(byByte.finalizeHex() == SHA256.hex(bytes))
        #expect(SHA256.hex(bytes) != SHA256.hex(bytes.dropLast()))
    }

    @Test func lengthsAroundABlockKnownDigests() {
        #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 64)) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }
}
