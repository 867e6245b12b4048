internal import Foundation

/// A C shim compiled by the test with the system's `cc` and loaded into the real executable with
/// `LD_PRELOAD`: how a test makes one system call fail where it cannot arrange it for real (a
/// file root can always read, a power cut at one rename).
public enum PreloadShim {
    /// Compiles `source` into `folder` as `name.so`; its path, for `LD_PRELOAD`.
    public static func compile(_ source: String, named name: String, in folder: TemporaryDirectory) async throws -> String {
        let (code, library) = (folder.file("\(name).c"), folder.file("\(name).so"))
        try source.write(toFile: code, atomically: true, encoding: .utf8)
        let compiled = try await FinishedProcess.run("/usr/bin/cc", ["-shared", "-fPIC", "-o", library, code, "-ldl"])
        guard compiled.status == 0 else { throw Failed(name: name, message: String(decoding: compiled.stderr, as: UTF8.self)) }
        return library
    }

    public struct Failed: Error, CustomStringConvertible {
        public let name: String
        public let message: String
        public var description: String { "cc \(name).c: \(message)" }
    }

    /// Raises SIGKILL at the `KILL_AT_JOURNAL_RENAME`-th rename onto a name ending in `.journal`,
    /// before it happens: the booth loses power there.
    public static let killAtJournalRename = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <signal.h>
        #include <stdlib.h>
        #include <string.h>
        static int seen;
        int rename(const char *from, const char *to) {
            static int (*real)(const char *, const char *);
            if (!real) real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
            const char *at = getenv("KILL_AT_JOURNAL_RENAME");
            size_t length = strlen(to);
            if (at && length > 8 && strcmp(to + length - 8, ".journal") == 0 && ++seen == atoi(at)) raise(SIGKILL);
            return real(from, to);
        }
        """

    /// Kills the process when libcups, having made a print job, is about to send its document
    /// (`cupsPrintFile2` calls `cupsCreateJob`, then `cupsStartDocument`): CUPS holds a job that
    /// waits for a file no one will send.
    /// With `KILL_AT_CUPS=finish`, at `cupsFinishDocument` instead: the whole file written to
    /// the server, its answer not read.
    public static let killAtCupsDocument = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <signal.h>
        #include <stdlib.h>
        #include <string.h>
        static int at(const char *point) { const char *when = getenv("KILL_AT_CUPS"); return when ? strcmp(when, point) == 0 : strcmp(point, "start") == 0; }
        int cupsStartDocument(void *http, const char *name, int job, const char *document, const char *format, int last) {
            if (at("start")) raise(SIGKILL);
            int (*real)(void *, const char *, int, const char *, const char *, int) = (int (*)(void *, const char *, int, const char *, const char *, int))dlsym(RTLD_NEXT, "cupsStartDocument");
            return real(http, name, job, document, format, last);
        }
        int cupsFinishDocument(void *http, const char *name) {
            if (at("finish")) raise(SIGKILL);
            int (*real)(void *, const char *) = (int (*)(void *, const char *))dlsym(RTLD_NEXT, "cupsFinishDocument");
            return real(http, name);
        }
        """

    /// Makes every `open` of the file `UNREADABLE_PATH` names fail with EACCES, as a file its
    /// owner keeps to themselves does for anyone but root (and the tests may run as root).
    public static let unreadable = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <errno.h>
        #include <fcntl.h>
        #include <stdarg.h>
        #include <stdlib.h>
        #include <string.h>
        static int refused(const char *path) {
            const char *unreadable = getenv("UNREADABLE_PATH");
            return unreadable && path && strcmp(path, unreadable) == 0;
        }
        #define SHIM(name, ...) \\
            int name(__VA_ARGS__, int flags, ...) { \\
                static int (*real)(); \\
                if (!real) real = (int (*)())dlsym(RTLD_NEXT, #name); \\
                va_list list; va_start(list, flags); mode_t mode = va_arg(list, mode_t); va_end(list); \\
                if (refused(path)) { errno = EACCES; return -1; } \\
                return ARGS_##name; \\
            }
        #define ARGS_open real(path, flags, mode)
        #define ARGS_open64 real(path, flags, mode)
        #define ARGS_openat real(dir, path, flags, mode)
        #define ARGS_openat64 real(dir, path, flags, mode)
        SHIM(open, const char *path)
        SHIM(open64, const char *path)
        SHIM(openat, int dir, const char *path)
        SHIM(openat64, int dir, const char *path)
        """
}
