internal import CollageCore
internal import CollageImaging

/// Reads a terminal's answers from the bytes it sends, in any pieces: escape sequences are
/// recognised whole, anything else (a key typed meanwhile) is skipped.
struct TerminalReplyParser {
    private enum State {
        case ground
        case escape
        case csi([UInt8])
        /// An APC, DCS or OSC string, read up to its terminator.
        case string(introducer: UInt8, [UInt8])
        case stringEscape(introducer: UInt8, [UInt8])
    }

    private var state = State.ground
    private(set) var answers = TerminalAnswers()

    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes { feed(byte) }
    }

    private mutating func feed(_ byte: UInt8) {
        let escape: UInt8 = 0x1B
        switch state {
        case .ground:
            if byte == escape { state = .escape }
        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .csi([])
            case UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "]"): state = .string(introducer: byte, [])
            case escape: state = .escape
            default: state = .ground
            }
        case .csi(var body):
            if (0x40...0x7E).contains(byte) {
                state = .ground
                csi(body, final: byte)
            } else if byte == escape {
                state = .escape
            } else {
                body.append(byte)
                state = .csi(body)
            }
        case .string(let introducer, var body):
            if byte == escape {
                state = .stringEscape(introducer: introducer, body)
            } else if byte == 0x07 && introducer == UInt8(ascii: "]") {  // OSC may end with BEL
                state = .ground
            } else {
                body.append(byte)
                state = .string(introducer: introducer, body)
            }
        case .stringEscape(let introducer, let body):
            state = .ground
            if introducer == UInt8(ascii: "_") { apc(body) }
            if byte != UInt8(ascii: "\\") { feed(byte) }  // a new escape cut the string short
        }
    }

    /// `ESC _ G i=31;OK ESC \`: kitty's answer to the graphics query. Counts only before the
    /// device attributes, which the terminal answers after it.
    private mutating func apc(_ body: [UInt8]) {
        guard body.first == UInt8(ascii: "G"), !answers.isComplete else { return }
        let text = String(decoding: body.dropFirst(), as: UTF8.self)
        let parts = text.split(separator: ";", maxSplits: 1)
        if parts.count == 2, parts[0].split(separator: ",").contains("i=31"), parts[1] == "OK" {
            answers.kittyGraphics = true
        }
    }

    private mutating func csi(_ body: [UInt8], final: UInt8) {
        let text = String(decoding: body, as: UTF8.self)
        let isPrivate = text.hasPrefix("?")
        let numbers = (isPrivate ? text.dropFirst() : Substring(text)).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch (isPrivate, final) {
        case (true, UInt8(ascii: "c")):  // DA1: ESC [ ? 62 ; 4 ; 22 c
            if !answers.isComplete { answers.deviceAttributes = numbers.compactMap { $0 } }
        case (true, UInt8(ascii: "S")):  // XTSMGRAPHICS: ESC [ ? item ; status ; value(s) S
            guard numbers.count >= 3, numbers[1] == 0 else { break }  // status 0: success
            if numbers[0] == 1, let registers = numbers[2], registers > 0 {
                answers.colorRegisters = registers
            } else if numbers[0] == 2, numbers.count >= 4, let width = numbers[2], let height = numbers[3], width > 0, height > 0 {
                answers.sixelGeometry = .init(width: width, height: height)  // zeros: no limit
            }
        case (false, UInt8(ascii: "t")):  // ESC [ 6 ; height ; width t: a cell in pixels
            if numbers.count >= 3, numbers[0] == 6, let height = numbers[1], let width = numbers[2], height > 0, width > 0 {
                answers.cellSize = .init(width: width, height: height)
            }
        default:
            break
        }
    }
}
