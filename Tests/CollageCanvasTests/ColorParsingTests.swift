import CollageCanvas
import CollageImaging
import Testing

@Suite("Background colours: #rgb, #rrggbb and the CSS names")
struct ColorParsingTests {
    @Test("Colours parse", arguments: [
        ("#fff", 0xFFFFFF), ("#000", 0x000000), ("#F80", 0xFF8800), ("#1e90ff", 0x1E90FF), ("#ABCDEF", 0xABCDEF),
        ("white", 0xFFFFFF), ("Black", 0x000000), ("NAVY", 0x000080), ("dodgerblue", 0x1E90FF), ("DodgerBlue", 0x1E90FF),
        ("rebeccapurple", 0x663399), ("grey", 0x808080), ("gray", 0x808080), ("darkslategrey", 0x2F4F4F),
        ("aliceblue", 0xF0F8FF), ("yellowgreen", 0x9ACD32), ("orange", 0xFFA500), ("papayawhip", 0xFFEFD5),
        ("lightgoldenrodyellow", 0xFAFAD2), ("aqua", 0x00FFFF), ("cyan", 0x00FFFF), ("fuchsia", 0xFF00FF),
    ] as [(String, UInt32)])
    func parses(text: String, hex: UInt32) throws {
        #expect(try RGB(parsing: text) == RGB(hex: hex))
    }

    @Test("Other text is refused", arguments: [
        "", "#", "#ff", "#ffff", "#fffff", "#fffffff", "#ff00ff00", "#ggg", "#12345g", "fff", "ffffff", "0xffffff",
        "transparent", "blu", "light blue", "rgb(0,0,0)", "#-12", "#+12", "＃fff",
    ])
    func refused(text: String) {
        #expect(throws: StyleError.badColor(text)) { try RGB(parsing: text) }
    }

    @Test func hexSpellsTheColour() {
        #expect(RGB(red: 255, green: 8, blue: 0).hex == "#ff0800")
        #expect(RGB.white.hex == "#ffffff")
        #expect(StyleError.badColor("blu").description == "bad colour 'blu': use #rgb, #rrggbb or a CSS colour name such as white, black or navy")
    }
}
