import CollageTestSupport
import Foundation
import Testing

/// `collage check` and `collage watch` run on the same arguments, in the same folder, by the
/// same user: what check says of each check, and whether the booth started (took the photo
/// waiting in `photos/`) or ended, with its status and its lines.
struct BoothStartRun {
    /// The stand-ins for CUPS's `lp` and `lpstat` (Tests/EndToEnd/stand-ins).
    static let standIns = ConfigFileEndToEndTests.repository + "/Tests/EndToEnd/stand-ins"
    /// Runs a command as `nobody`, the stand-in for the service's user.
    static let asNobody = "setpriv --reuid=nobody --regid=nogroup --clear-groups"

    struct Check: Equatable {
        let status: String
        let detail: String
    }

    /// check's exit status, and each check by name.
    let checkStatus: Int32
    let checks: [String: Check]
    let checkText: String
    /// The booth took its first photo: it started, and would print.
    let tookAPhoto: Bool
    /// watch's exit status (143 once stopped after its first photo).
    let watchStatus: Int32
    let watchLines: [String]

    /// A folder with `photos/` (one landscape), `prints/` and `state/` (the key's folder, given
    /// as `COLLAGE_STATE_DIR`), all open to `nobody` when `forNobody`.
    static func folder(forNobody: Bool = false) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for name in ["photos", "prints", "state"] { try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: false) }
        try Fixtures.copy("kite.jpg", to: folder.file("photos/kite.jpg"))
        if forNobody {
            #expect(chmod(folder.path, 0o755) == 0)
            for name in ["photos", "prints", "state"] {
                let uid = getpwnam("nobody").pointee.pw_uid, gid = getpwnam("nobody").pointee.pw_gid
                #expect(chown(folder.file(name), uid, gid) == 0)
            }
            #expect(chmod(folder.file("state"), 0o700) == 0)
        }
        return folder
    }

    /// `setup` (bash) in the folder, then check and watch each with `prefix` (`VAR=value` words,
    /// `setpriv …`) and `arguments`, then `cleanup`.
    static func run(_ arguments: String, in folder: TemporaryDirectory, prefix: String = "", setup: String = "", cleanup: String = "") async throws -> BoothStartRun {
        let environment = "env PATH=\(Shell.quote(standIns)):$PATH COLLAGE_STATE_DIR=state"
        let script = """
            \(setup)
            \(prefix) \(environment) collage check \(arguments) --json > check.json; echo $? > check.status
            \(prefix) \(environment) collage watch \(arguments) --json > events 2> errors & pid=$!
            for i in $(seq 600); do grep -q '"type":"added"' events && break; kill -0 $pid 2>/dev/null || break; sleep 0.05; done
            if grep -q '"type":"added"' events; then kill -KILL $pid; elif kill -0 $pid 2>/dev/null; then echo hung > errors; kill -KILL $pid; fi
            wait $pid; echo $? > watch.status
            \(cleanup)
            """
        let run = try await Shell.run(script, in: folder.path)
        let read = { (name: String) in (try? String(contentsOfFile: folder.file(name), encoding: .utf8)) ?? "" }
        let json = Data(read("check.json").utf8)
        let rows = json.isEmpty ? [] : try await Shell.jq(#".checks[] | "\(.name)\t\(.status)\t\(.detail)""#, json)
        var checks: [String: Check] = [:]
        for row in rows {
            let fields = row.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            checks[fields[0]] = Check(status: fields[1], detail: fields[2])
        }
        let events = read("events")
        return BoothStartRun(
            checkStatus: Int32(read("check.status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, checks: checks,
            checkText: read("check.json") + run.stderr, tookAPhoto: events.contains(#""type":"added""#),
            watchStatus: Int32(read("watch.status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1,
            watchLines: read("errors").split(separator: "\n").map(String.init))
    }
}
