import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Finish now (SIGUSR1) as systemd sends it, end to end: a stuck foot switch during start-up
/// never ends the booth, and `systemctl kill -s USR1` (whose default `--kill-whom=all` signals
/// every process of the service) never kills a print under way, which would be printed twice.
@Suite("finish now never ends the booth or a print, end to end", .timeLimit(.minutes(2)))
struct FinishNowEndToEndTests {
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory(), tools = try! TemporaryDirectory()

    /// A C shim loaded with `LD_PRELOAD` that raises SIGUSR1 in the booth from its first call of
    /// `signal()` (the first lines of `main`) at every file it opens, until it takes its lock
    /// (`flock`): a foot switch held down while the booth starts.
    func stuckSwitch() async throws -> String {
        let library = tools.file("usr1-at-start.so")
        let source = """
            #define _GNU_SOURCE
            #include <dlfcn.h>
            #include <fcntl.h>
            #include <signal.h>
            #include <stdarg.h>
            static int starting, started;
            static void press(void) { if (starting && !started) raise(SIGUSR1); }
            sighandler_t signal(int number, sighandler_t handler) {
                static sighandler_t (*real)(int, sighandler_t);
                if (!real) real = (sighandler_t (*)(int, sighandler_t))dlsym(RTLD_NEXT, "signal");
                sighandler_t previous = real(number, handler);
                starting = 1;
                press();
                return previous;
            }
            #define OPEN(name) int name(const char *path, int flags, ...) { \\
                static int (*real)(const char *, int, ...); \\
                if (!real) real = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, #name); \\
                va_list list; va_start(list, flags); int mode = va_arg(list, int); va_end(list); \\
                int descriptor = real(path, flags, mode); press(); return descriptor; }
            OPEN(open)
            OPEN(open64)
            int flock(int descriptor, int operation) {
                static int (*real)(int, int);
                if (!real) real = (int (*)(int, int))dlsym(RTLD_NEXT, "flock");
                press();
                started = 1;
                return real(descriptor, operation);
            }
            """
        try source.write(toFile: tools.file("shim.c"), atomically: true, encoding: .utf8)
        let compiled = try await Shell.run("cc -shared -fPIC -o \(Shell.quote(library)) \(Shell.quote(tools.file("shim.c"))) -ldl")
        try #require(compiled.status == 0, "\(compiled.stderr)")
        return library
    }

    @Test func aFinishNowDuringStartUpNeverEndsTheBooth() async throws {
        let shim = try await stuckSwitch()
        for start in 1...3 {
            let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
            let booth = try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--size", "300x200", "--throttle", "0"],
                                           environment: ["LD_PRELOAD": shim])
            try Fixtures.copy(Fixtures.landscapes[start - 1], to: photos.file("p\(start).jpg"))
            try await booth.waitFor("collage: wrote \(out.file("booth-0001.jpg")) (300x200, 1 photo)")
            booth.signal(SIGTERM)
            #expect(await booth.status == 143, "start \(start): \(booth.stderrLines)")
        }
    }

    @Test func aPrintUnderWayIsNotKilledByFinishNowSentToTheWholeService() async throws {
        // The print command notes its process group, then prints for a while; each attempt is
        // logged by the stand-in.
        let group = out.file("print-group"), printing = out.file("printing")
        let lp = try PrintingEndToEndTests.standIn(in: tools, then: """
            echo $$ > '\(group)'
            touch '\(printing)'
            sleep 2
            """)
        let booth = try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--limit", "1", "--size", "300x200",
                                        "--throttle", "0", "--print", "\(lp.program) {path}"])
        try Fixtures.copy("autumn.jpg", to: photos.file("autumn.jpg"))
        #expect(try await booth.waitUntil { FileManager.default.fileExists(atPath: printing) })
        // `systemctl kill -s USR1`: the booth, and every process of the print under way.
        let leader = try #require(Int32(String(decoding: FileManager.default.contents(atPath: group) ?? Data(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        booth.signal(SIGUSR1)
        #expect(kill(-leader, SIGUSR1) == 0)
        try await booth.waitFor("collage: printed \(out.file("booth-0001.jpg"))")
        booth.signal(SIGTERM)
        #expect(await booth.status == 143)
        let calls = try PrintingEndToEndTests.calls(lp.log)
        #expect(calls.count == 1, "printed more than once: \(calls) \(booth.stderrLines)")
        #expect(!booth.stderrLines.contains { $0.contains("print") && $0.contains("failed") }, "\(booth.stderrLines)")
    }
}
