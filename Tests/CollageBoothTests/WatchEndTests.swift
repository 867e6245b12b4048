import CollageBooth
import Testing

/// Each way a watch ends: the `finished` event's reason and the exit status (README, "Exit status").
@Suite("WatchEnd: each end's code and exit status")
struct WatchEndTests {
    @Test(arguments: [
        (WatchEnd.complete, "complete", Int32(0)),
        (.interrupted(signal: 2), "interrupted", 130),
        (.interrupted(signal: 15), "interrupted", 143),
        (.cannotWrite("the disk is full"), "cannot-write", 73),
        (.folderGone(nil), "folder-gone", 74),
        (.serverUnavailable("cannot serve on 127.0.0.1:80"), "server-unavailable", 69),
        (.decorationUnavailable("logo.png: no such file"), "decoration-unavailable", 66),
        (.outputBusy("another booth"), "output-busy", 75),
        (.folderUnavailable("photos: no such folder"), "folder-unavailable", 66),
        (.unusableOutput("out is a folder"), "unusable-output", 64),
    ])
    func codeAndStatus(end: WatchEnd, code: String, status: Int32) {
        #expect(end.code == code)
        #expect(end.status == status)
    }

    @Test func onlyAnOutputRefusedBeforeTheReportGoesUnreported() {
        #expect(!WatchEnd.unusableOutput("x").isReported)
        #expect(WatchEnd.cannotWrite("x").isReported && WatchEnd.complete.isReported)
        #expect(WatchEnd.complete.error == nil && WatchEnd.folderGone("gone").error == "gone")
    }
}
