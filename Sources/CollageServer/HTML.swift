/// Text put into the pages: escaped for HTML, and file names for URLs.
enum HTML {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A file name as one URL path segment: everything but RFC 3986's unreserved characters
    /// percent-encoded.
    static func pathSegment(_ name: String) -> String {
        var out = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// The inverse for a segment of a request's path; nil for a malformed escape or bytes that
    /// are not UTF-8 (no file the server knows has such a name).
    static func decodeSegment(_ segment: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = segment.utf8.startIndex
        let utf8 = segment.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high < utf8.endIndex else { return nil }
                let low = utf8.index(after: high)
                guard low < utf8.endIndex, let value = UInt8(String(decoding: [utf8[high], utf8[low]], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
                index = utf8.index(after: low)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The start of every page, up to its own style rules: the same colours and type on the
    /// live view and the gallery, dark, for a screen read across a room.
    static func head(title: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        * { box-sizing: border-box; }
        html, body { margin: 0; background: #101114; color: #f4f1ea;
          font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; }
        [hidden] { display: none !important; }

        """
    }

    /// "1 photo", "4 photos": the app's title.
    static func photos(_ count: Int) -> String {
        count == 1 ? "1 photo" : "\(count) photos"
    }
}
