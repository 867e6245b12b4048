import CollageCore
import CollageImaging
import Testing
@testable import CollageTerminal

@Suite("Half blocks in 24-bit and 256 colours")
struct HalfBlocksTests {
    @Test("A 2x2 image is one line of two cells: upper pixel in front, lower behind, byte for byte")
    func trueColor() {
        let expected = "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[38;2;0;255;0;48;2;255;255;255m▀\u{1B}[0m\n"
        #expect(HalfBlocks.encode(Images.fourColors, colors: .trueColor).text == expected)
    }

    @Test("The same in 256 colours: the cube's pure red, blue, green and white")
    func ansi256() {
        let expected = "\u{1B}[38;5;196;48;5;21m▀\u{1B}[38;5;46;48;5;231m▀\u{1B}[0m\n"
        #expect(HalfBlocks.encode(Images.fourColors, colors: .ansi256).text == expected)
    }

    @Test("A colour is sent only when it changes; an odd last row repeats below itself")
    func changesOnly() {
        let grey = RGB(red: 9, green: 9, blue: 9)
        let image = Images.image(width: 3, [grey, grey, grey, grey, grey, Images.red, grey, grey, grey])
        let expected = "\u{1B}[38;2;9;9;9;48;2;9;9;9m▀▀\u{1B}[48;2;255;0;0m▀\u{1B}[0m\n"
            + "\u{1B}[38;2;9;9;9;48;2;9;9;9m▀▀▀\u{1B}[0m\n"
        #expect(HalfBlocks.encode(image, colors: .trueColor).text == expected)
    }

    @Test("Every cube colour and grey maps to its own index")
    func paletteRoundTrip() {
        for index in UInt8(16)...UInt8(255) {
            #expect(XtermPalette.index(of: XtermPalette.color(of: index)) == index)
        }
    }

    @Test("Colours between take the nearer of the cube and the grey ramp", arguments: [
        (RGB(red: 128, green: 128, blue: 128), UInt8(244)),  // grey 128 exactly
        (RGB(red: 130, green: 10, blue: 10), UInt8(88)),  // cube (135, 0, 0)
        (RGB(red: 250, green: 250, blue: 250), UInt8(231)),  // nearer white than grey 238
        (RGB(red: 1, green: 2, blue: 3), UInt8(16)),  // black
    ])
    func nearest(color: RGB, index: UInt8) {
        #expect(XtermPalette.index(of: color) == index)
    }
}
