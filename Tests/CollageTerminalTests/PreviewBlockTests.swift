import CollageCore
import CollageImaging
import CollageTestSupport
import Testing
import CollageTerminal

@Suite("Previews with their cursor moves, and the block redrawn in place")
struct PreviewBlockTests {
    private let image = TestImages.quadrants(60, 40)
    private let terminal = TerminalSize(columns: 80, rows: 24)
    private let small = PreviewGeometry(columns: 6, rows: 2, cell: PixelSize(width: 10, height: 20))

    @Test("Half blocks: one line per row, ending at the start of the line below")
    func halfBlocks() {
        let preview = TerminalPreview.render(image, as: .trueColorBlocks, geometry: small)
        #expect(preview.bytes.text.filter { $0 == "\n" }.count == 2)
        #expect(preview.bytes.text.filter { $0 == "▀" }.count == 12)
        #expect(preview.bytes.text.hasSuffix("\u{1B}[0m\n"))
        #expect(preview.kittyImageID == nil)
    }

    @Test("Kitty: room made, the image placed without moving the cursor, then the cursor below it")
    func kitty() {
        let preview = TerminalPreview.render(image, as: .kitty, geometry: small, kittyImageID: 5)
        let text = preview.bytes.text
        #expect(text.hasPrefix("\n\n\u{1B}[2A\u{1B}_Ga=T,f=24,s=60,v=40,i=5,c=6,r=2,C=1,q=2,m="))  // raw RGB of the 6x2 cell box
        #expect(text.hasSuffix("\u{1B}\\\u{1B}[2B\r"))
        #expect(preview.kittyImageID == 5)
    }

    @Test("Sixel: room made, the cursor saved around the image and put below it")
    func sixel() throws {
        let preview = TerminalPreview.render(image, as: .sixel, geometry: small, colorRegisters: 16)
        let text = preview.bytes.text
        #expect(text.hasPrefix("\n\n\u{1B}[2A\u{1B}7\u{1B}P0;1;0q\"1;1;60;36"))  // 40 px high: 36 in whole bands
        #expect(text.hasSuffix("\u{1B}\\\u{1B}8\u{1B}[2B\r"))
        let sixel = text.dropFirst(8).dropLast(7)
        let read = try SixelReader(Array(sixel.utf8))
        #expect(read.registers.count <= 16)
    }

    @Test("Fitted to the terminal and the capabilities")
    func fitted() throws {
        let capabilities = TerminalCapabilities(environment: TerminalEnvironment(["COLORTERM": "truecolor"]), answers: nil)
        let preview = try #require(TerminalPreview.render(image, for: capabilities, terminal: terminal, maxRows: 10))
        #expect(preview.method == .trueColorBlocks)
        #expect(preview.rows == 10 && preview.columns == 30)
        #expect(TerminalPreview.render(image, for: capabilities, terminal: TerminalSize(columns: 80, rows: 1)) == nil)

        let xterm = TerminalCapabilities(environment: TerminalEnvironment([:]), answers: TerminalAnswers(
            deviceAttributes: [63, 4], colorRegisters: 16, sixelGeometry: PixelSize(width: 300, height: 100)))
        let sixel = try #require(TerminalPreview.render(image, for: xterm, terminal: TerminalSize(columns: 80, rows: 24)))
        #expect(sixel.method == .sixel)
        #expect(sixel.geometry == PreviewGeometry(columns: 15, rows: 5, cell: PreviewGeometry.assumedCell))  // 150x100 px
    }

    @Test("First draw: preview and status lines; the next moves up over both and erases them first")
    func redraw() {
        var block = PreviewBlock()
        let preview = TerminalPreview.render(image, as: .ansi256Blocks, geometry: small)
        let first = block.draw(preview, status: [StatusLine("4 photos")], terminal: terminal)
        #expect(first.text == preview.bytes.text + "4 photos\u{1B}[K\n")
        #expect(block.linesDrawn == 3)

        let styler = Styler(isEnabled: true)
        let second = block.draw(preview, status: [StatusLine("5 photos"), StatusLine("b.jpg: duplicate of a.jpg", style: .skipped)],
                                terminal: terminal, styler: styler)
        #expect(second.text == "\r\u{1B}[3A\u{1B}[J" + preview.bytes.text
                + "5 photos\u{1B}[K\n" + "\u{1B}[33mb.jpg: duplicate of a.jpg\u{1B}[0m\u{1B}[K\n")
        #expect(block.linesDrawn == 4)

        #expect(block.erase(terminal: terminal).text == "\r\u{1B}[4A\u{1B}[J")
        #expect(block.linesDrawn == 0)
        #expect(block.erase(terminal: terminal).isEmpty)
    }

    @Test("A kitty image is deleted before the redraw: erasing text leaves images on the screen")
    func kittyRedraw() {
        var block = PreviewBlock()
        let preview = TerminalPreview.render(image, as: .kitty, geometry: small, kittyImageID: 77)
        _ = block.draw(preview, status: [], terminal: terminal)
        let again = block.draw(nil, status: [StatusLine("6 photos")], terminal: terminal)
        #expect(again.text == "\u{1B}_Ga=d,d=I,i=77,q=2\u{1B}\\\r\u{1B}[2A\u{1B}[J6 photos\u{1B}[K\n")
    }

    @Test("After the terminal narrows below the block, or shrinks below it, the screen is cleared instead")
    func resized() {
        var block = PreviewBlock()
        let preview = TerminalPreview.render(image, as: .trueColorBlocks, geometry: small)
        _ = block.draw(preview, status: [StatusLine("4 photos")], terminal: terminal)
        #expect(block.draw(preview, status: [], terminal: TerminalSize(columns: 5, rows: 24)).text.hasPrefix("\u{1B}[H\u{1B}[2J"))
        #expect(block.draw(preview, status: [], terminal: TerminalSize(columns: 80, rows: 2)).text.hasPrefix("\u{1B}[H\u{1B}[2J"))
        #expect(block.draw(preview, status: [], terminal: TerminalSize(columns: 100, rows: 30)).text.hasPrefix("\r\u{1B}[2A\u{1B}[J"))
    }

    @Test("A status line longer than the terminal is cut so it never wraps")
    func longStatus() {
        var block = PreviewBlock()
        let drawn = block.draw(nil, status: [StatusLine("photos/a-very-long-name.jpg: added")], terminal: TerminalSize(columns: 12, rows: 5))
        #expect(drawn.text == "photos/a-v…\u{1B}[K\n")
    }
}
