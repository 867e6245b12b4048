internal import CCollageText

/// Why the text stack could not set a caption: one line naming the font and the reason.
public enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// fontconfig found no font for the name, or the file is not a font FreeType reads.
    case noFont(String, reason: String)
    /// A family no installed font has: fontconfig would draw it in its nearest match instead.
    /// `closest`: the installed families nearest the name, nearest first.
    case notInstalled(String, reason: String, closest: [String])
    /// FreeType or HarfBuzz refused; the C status is kept.
    case failed(String, reason: String, status: Int)

    public var description: String {
        switch self {
        case .noFont(let font, let reason): return "font '\(font)': \(reason)"
        case .notInstalled(let font, let reason, let closest):
            return "font '\(font)': \(reason)" + (closest.isEmpty ? "" : " (closest installed: \(closest.joined(separator: ", ")))")
        case .failed(let font, let reason, _): return "font '\(font)': \(reason)"
        }
    }

    /// The one place a C status becomes a Swift error.
    init(status: collage_text_status, message: TextMessage, font: String) {
        switch status {
        case COLLAGE_TEXT_NO_FONT: self = .noFont(font, reason: message.text)
        default: self = .failed(font, reason: message.text, status: Int(status.rawValue))
        }
    }
}

/// The message buffer every C entry point fills on failure.
struct TextMessage {
    var bytes = [CChar](repeating: 0, count: Int(COLLAGE_TEXT_MESSAGE_CAPACITY))

    var text: String {
        bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
