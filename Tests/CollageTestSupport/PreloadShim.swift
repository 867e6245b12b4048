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

    /// Kills the process while libcups sends a Print-Job, at `KILL_AT_PRINT_JOB`: `start`, before
    /// the first byte of its body (the request's headers sent); `half`, once half its body is
    /// sent (the rest never is); `sent`, once all of it is sent, its answer unread. It watches
    /// `send`, which libcups writes with (a header line at a time): a request's headers give its
    /// Content-Length, and a body whose IPP operation is 0x0002 is a Print-Job.
    public static let killAtPrintJob = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <signal.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/socket.h>
        enum { FDS = 1024 };
        static long body[FDS], sent[FDS];
        static int header[FDS], printing[FDS];
        ssize_t send(int fd, const void *buffer, size_t length, int flags) {
            ssize_t (*real)(int, const void *, size_t, int) = (ssize_t (*)(int, const void *, size_t, int))dlsym(RTLD_NEXT, "send");
            const char *when = getenv("KILL_AT_PRINT_JOB");
            const unsigned char *bytes = buffer;
            if (when == NULL || fd < 0 || fd >= FDS) return real(fd, buffer, length, flags);
            if (length > 5 && memcmp(buffer, "POST ", 5) == 0) { header[fd] = 1; body[fd] = 0; sent[fd] = 0; printing[fd] = 0; }
            if (header[fd]) {
                const char *field = memmem(buffer, length, "Content-Length: ", 16);
                if (field != NULL) body[fd] = atol(field + 16);
                if (memmem(buffer, length, "\\r\\n\\r\\n", 4) != NULL || (length == 2 && memcmp(buffer, "\\r\\n", 2) == 0)) header[fd] = 0;
                return real(fd, buffer, length, flags);
            }
            if (body[fd] <= 0 || sent[fd] >= body[fd]) return real(fd, buffer, length, flags);
            if (sent[fd] == 0) printing[fd] = length >= 4 && bytes[2] == 0 && bytes[3] == 2;
            if (!printing[fd]) { sent[fd] += (long)length; return real(fd, buffer, length, flags); }
            if (strcmp(when, "start") == 0) raise(SIGKILL);
            if (strcmp(when, "half") == 0 && sent[fd] + (long)length > body[fd] / 2) {
                long part = body[fd] / 2 - sent[fd];
                if (part > 0) real(fd, buffer, (size_t)part, flags);
                raise(SIGKILL);
            }
            ssize_t written = real(fd, buffer, length, flags);
            if (written > 0) sent[fd] += written;
            if (strcmp(when, "sent") == 0 && sent[fd] >= body[fd]) raise(SIGKILL);
            return written;
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
