/// How a run ends before its work starts, thrown by the steps that set it up (`RunStart`, a
/// booth's checks and parts) so that each run ends every such start one way.
struct RunEnded<End: Sendable>: Error {
    let end: End

    init(_ end: End) {
        self.end = end
    }
}

/// A booth's start that ended it.
typealias BoothEnded = RunEnded<WatchEnd>

/// A run's end as a failed start means it for that run: each run maps `RunStart`'s failures once.
protocol StartEnding: Sendable {
    init(_ failure: RunStart.Failure)
}
