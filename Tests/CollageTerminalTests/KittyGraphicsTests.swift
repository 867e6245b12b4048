import CollageCore
import CollageImaging
import CollageTestSupport
import Foundation
import Testing
@testable import CollageTerminal

@Suite("The kitty graphics protocol encoder")
struct KittyGraphicsTests {
    @Test("Base64 gives RFC 4648's test vectors", arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ])
    func base64(plain: String, encoded: String) {
        #expect(Base64.encode(Array(plain.utf8)).text == encoded)
    }

    @Test("A 1x1 red pixel as raw RGB: one escape, every key, byte for byte")
    func onePixel() {
        let bytes = KittyGraphics.place(Images.image(width: 1, [Images.red]), columns: 1, rows: 1)
        #expect(bytes.text == "\u{1B}_Ga=T,f=24,s=1,v=1,c=1,r=1,C=1,q=2,m=0;/wAA\u{1B}\\")
    }

    @Test("A payload of exactly 4096 base64 bytes is one escape; one more group makes two")
    func chunkBoundary() throws {
        // 32x32 RGB = 3072 bytes = 4096 base64 characters.
        let exact = escapes(KittyGraphics.place(TestImages.pattern(seed: 1, 32, 32), columns: 4, rows: 2, imageID: 9))
        #expect(exact.count == 1)
        #expect(exact[0].control == "a=T,f=24,s=32,v=32,i=9,c=4,r=2,C=1,q=2,m=0")
        #expect(exact[0].payload.count == 4096)

        // 41x25 RGB = 3075 bytes = 4100 base64 characters: 4096, then 4.
        let image = TestImages.pattern(seed: 2, 41, 25)
        let split = escapes(KittyGraphics.place(image, columns: 4, rows: 2))
        #expect(split.map(\.control) == ["a=T,f=24,s=41,v=25,c=4,r=2,C=1,q=2,m=1", "m=0,q=2"])
        #expect(split.map(\.payload.count) == [4096, 4])
        let joined = try #require(Data(base64Encoded: split.map(\.payload).joined()))
        #expect([UInt8](joined) == image.pixels)
    }

    @Test("Every chunk of a large image but the last says m=1; the chunks join to its pixels")
    func manyChunks() throws {
        let image = TestImages.pattern(seed: 3, 96, 64)
        let parts = escapes(KittyGraphics.place(image, columns: 12, rows: 4, imageID: 42))
        #expect(parts.count > 2)
        #expect(parts[0].control == "a=T,f=24,s=96,v=64,i=42,c=12,r=4,C=1,q=2,m=1")
        #expect(parts.dropFirst().dropLast().allSatisfy { $0.control == "m=1,q=2" })
        #expect(parts.last?.control == "m=0,q=2")
        #expect(parts.allSatisfy { $0.payload.count <= KittyGraphics.chunkLimit })
        #expect(parts.dropLast().allSatisfy { $0.payload.count == KittyGraphics.chunkLimit })
        let pixels = try #require(Data(base64Encoded: parts.map(\.payload).joined()))
        #expect([UInt8](pixels) == image.pixels)
    }

    @Test("Delete takes the image and its data back, silently")
    func delete() {
        #expect(KittyGraphics.delete(imageID: 7).text == "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
    }

    /// The escapes of a transmission: control keys and payload of each.
    private func escapes(_ bytes: [UInt8]) -> [(control: String, payload: String)] {
        bytes.text.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }.map { escape in
            #expect(escape.hasPrefix("\u{1B}_G"))
            let body = escape.dropFirst(3)
            let semicolon = body.firstIndex(of: ";")!
            return (String(body[..<semicolon]), String(body[body.index(after: semicolon)...]))
        }
    }
}
