/// How `watch --serve` serves: the flags, gathered by the command.
public struct ServeSettings: Sendable {
    public var address: ServeAddress
    /// `--batches`: the pages number the collages.
    public var batches: Bool
    /// The base of the download URLs in the gallery's QR codes (`--public-url`); without it, the
    /// address the guest's browser used to reach the gallery.
    public var publicURL: String?
    /// `--serve-photos`: the photos put in a collage may be downloaded too.
    public var servesPhotos: Bool
    /// `--serve-max-clients`: open connections, and live pages among them. When all are taken, a
    /// new connection takes the place of one that serves no one (`ConnectionSlots`).
    public var maximumClients: Int
    /// `--serve-idle-timeout`: a connection with no request in progress for this long is closed.
    /// A request counts from its complete head, so this is also the header timeout: a slowloris
    /// client dripping a header a byte at a time cannot keep a slot (and a body is refused:
    /// `RequestGuard`).
    public var idleTimeout: Duration

    public init(address: ServeAddress, batches: Bool = false, publicURL: PublicURL? = nil, servesPhotos: Bool = false, maximumClients: Int = 64,
                idleTimeout: Duration = .seconds(15)) {
        self.address = address
        self.batches = batches
        self.publicURL = publicURL?.base
        self.servesPhotos = servesPhotos
        self.maximumClients = maximumClients
        self.idleTimeout = idleTimeout
    }
}
