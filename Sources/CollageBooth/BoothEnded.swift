/// How a booth ends before its session starts, thrown by the steps that set it up so the
/// composition root ends every such run one way.
struct BoothEnded: Error {
    let end: WatchEnd

    init(_ end: WatchEnd) {
        self.end = end
    }
}
