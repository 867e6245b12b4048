import CollageCore
import CollageReport
import Testing

/// `collage check`'s two printers over the same checks.
@Suite("The preflight's report: a line per check and a summary, or one JSON object")
struct PreflightReportTests {
    let checks = [
        PreflightCheck("print", .failed, "the print command's program lp is not found on PATH or is not executable"),
        PreflightCheck("output", .ready, "prints is writable"),
        PreflightCheck("public-url", .warning, "no --public-url: the live screen shows no QR code"),
    ]

    @Test func eachCheckIsALineAlignedByNameThenTheSummary() {
        #expect(PreflightReport.lines(checks) == [
            "FAILED   print       the print command's program lp is not found on PATH or is not executable",
            "ready    output      prints is writable",
            "warning  public-url  no --public-url: the live screen shows no QR code",
            "not ready: 1 failed, 1 warning of 3 checks",
        ])
        #expect(PreflightReport.lines([checks[1]]).last == "ready: all 1 checks passed")
    }

    /// A warning leaves a booth that starts and prints: ready, with the warnings listed.
    @Test func warningsAloneAreReadyAFailureIsNot() {
        #expect(PreflightReport.ready([checks[1], checks[2]]))
        #expect(PreflightReport.lines([checks[1], checks[2]]).last == "ready, with 1 warning of 2 checks")
        #expect(!PreflightReport.ready(checks))
        #expect(PreflightReport.ready([checks[1]]))
        #expect(PreflightReport.json([checks[1], checks[2]]).serialized
            == #"{"ready":true,"checks":[{"name":"output","status":"ready","detail":"prints is writable"},"#
            + #"{"name":"public-url","status":"warning","detail":"no --public-url: the live screen shows no QR code"}]}"#)
    }
}
