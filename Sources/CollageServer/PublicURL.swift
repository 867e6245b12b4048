/// `--public-url`: the start of the download URLs in the gallery's QR codes, as guests' phones
/// reach this machine (`http://booth.local:8080`). Only http and https, and nothing that would
/// break out of the page's attribute or the QR code's text.
public struct PublicURL: Hashable, Sendable, CustomStringConvertible {
    /// Without a trailing slash: paths are appended to it.
    public let base: String

    public init(parsing text: String) throws(ServeError) {
        guard text.hasPrefix("http://") || text.hasPrefix("https://"), !text.contains(where: { $0 == " " || $0 == "\"" }) else {
            throw .badAddress(text, reason: "give an http:// or https:// URL, such as http://booth.local:8080")
        }
        base = text.hasSuffix("/") ? String(text.dropLast()) : text
        // Refused now, not as a page that cannot be drawn: every collage's code must encode,
        // even for a file name of the longest length Linux allows, every byte percent-encoded.
        do throws(ServeError) {
            _ = try QRCode(encoding: base + "/collages/" + String(repeating: "%FF", count: 255))
        } catch {
            throw .badAddress(text, reason: "too long for the QR codes of its downloads: keep it under a few hundred characters")
        }
    }

    public var description: String { base }
}
