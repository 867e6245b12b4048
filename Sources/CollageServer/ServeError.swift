/// What stops the server: the one-line messages the command prints.
public enum ServeError: Swift.Error, Sendable, CustomStringConvertible, Equatable {
    /// The address could not be bound (in use, no permission, no such address): exit 69.
    case cannotStart(address: String, reason: String)
    /// A download URL libqrencode cannot encode.
    case qrCode(text: String, reason: String)
    /// `--serve` or `--public-url` is not in a form the server takes.
    case badAddress(String, reason: String)

    public var description: String {
        switch self {
        case .cannotStart(let address, let reason): return "cannot serve on \(address): \(reason)"
        case .qrCode(let text, let reason): return "cannot draw a QR code for \(text): \(reason)"
        case .badAddress(let text, let reason): return "\(text): \(reason)"
        }
    }
}
