@testable import CollageWriting
import CollageCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A key file only its user may read or change, as ssh asks of a private key: any bit for the
/// group or others, or another owner, and the key is refused.
@Suite("The mark's key: refused when others may read or change it")
struct MarkKeyExposureTests {
    static func info(mode: mode_t, owner: uid_t = geteuid()) -> stat {
        var info = stat()
        info.st_mode = S_IFREG | mode
        info.st_uid = owner
        return info
    }

    @Test(arguments: [mode_t(0o600), 0o400, 0o700])
    func theUsersAloneIsUsed(mode: mode_t) {
        #expect(MarkKey.exposure(Self.info(mode: mode), path: "state/key") == nil)
    }

    @Test(arguments: [(mode_t(0o644), "0644"), (0o640, "0640"), (0o604, "0604"), (0o620, "0620"), (0o602, "0602"), (0o601, "0601")])
    func anyBitForOthersIsRefused(mode: mode_t, shown: String) {
        #expect(MarkKey.exposure(Self.info(mode: mode), path: "state/key")
            == "its mode \(shown) lets other users at it, and whoever reads it can sign a journal or a mark this booth trusts: chmod 600 state/key")
    }

    @Test func anotherUsersKeyIsRefused() {
        let other = geteuid() == 0 ? uid_t(65534) : 0
        #expect(MarkKey.exposure(Self.info(mode: 0o600, owner: other), path: "state/key")
            == "it belongs to another user (uid \(other)), who could change it: the key must be this user's (uid \(geteuid()))")
    }
}
