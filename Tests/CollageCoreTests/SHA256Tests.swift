@testable import CollageCore
import Foundation
import Testing

/// SHA-256 against `sha256sum` (coreutils), at every length around the block and padding
/// boundaries and for a message split between `update`s anywhere: the hash the journal, the
/// marks and the print-time check all rest on.
@Suite("SHA-256: sha256sum's digests, whole or fed in pieces")
struct SHA256Tests {
    /// A message of `count` bytes that differ from place to place.
    static func message(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) } }

    static func sha256sum(_ bytes: [UInt8]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let (input, output) = (Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(64))
    }

    static let lengths = [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 4096 + 17, 1 << 20]

    /// Every engine this CPU runs (the SHA instructions and the portable loop, or the loop alone).
    @Test("Whole messages", arguments: lengths)
    func wholeMessages(count: Int) throws {
        let bytes = Self.message(count)
        let expected = try Self.sha256sum(bytes)
        for engine in SHA256.Engine.available {
            #expect(HMAC.hex(SHA256.digest(bytes, engine: engine)) == expected, "\(engine)")
        }
    }

    @Test("Fed in pieces, split anywhere", arguments: [1, 7, 63, 64, 65, 200])
    func fedInPieces(piece: Int) throws {
        let bytes = Self.message(1000)
        let expected = try Self.sha256sum(bytes)
        for engine in SHA256.Engine.available {
            var hasher = SHA256(engine: engine)
            for start in stride(from: 0, to: bytes.count, by: piece) { hasher.update(bytes[start..<min(start + piece, bytes.count)]) }
            #expect(HMAC.hex(hasher.finish()) == expected, "\(engine)")
        }
    }

    /// The engine by value, from a CPU's CPUID bits, whatever this machine has: without the SHA
    /// extensions (every Intel desktop before 2021's Rocket Lake, a Haswell here) a booth that
    /// took the instructions would die of SIGILL at its first save.
    @Test("The instructions only where the CPU has SHA, SSSE3 and SSE4.1", arguments: [
        (CPUFeatures(leaf1ECX: 0x7ED8_320B, leaf7EBX: 0x209C_01A9), SHA256.Engine.instructions),  // a Zen: all three
        (CPUFeatures(leaf1ECX: 0x7FFA_FBBF, leaf7EBX: 0x0000_27AB), .portable),  // a Haswell: SSSE3, SSE4.1, AVX2, no SHA
        (CPUFeatures(leaf1ECX: 1 << 9 | 1 << 19, leaf7EBX: ~(1 << 29)), .portable),  // every bit but SHA's
        (CPUFeatures(leaf1ECX: 1 << 9, leaf7EBX: 1 << 29), .portable),  // no SSE4.1
        (CPUFeatures(leaf1ECX: 1 << 19, leaf7EBX: 1 << 29), .portable),  // no SSSE3
        (CPUFeatures(leaf1ECX: 1 << 9 | 1 << 19, leaf7EBX: 1 << 29), .instructions),  // exactly the three
        (CPUFeatures(leaf1ECX: 0, leaf7EBX: 0), .portable),  // no leaf 7, or not x86
    ])
    func theEngineIsChosenFromTheCPUsBits(cpu: CPUFeatures, engine: SHA256.Engine) {
        #expect(SHA256.Engine.fastest(on: cpu) == engine, "\(cpu)")
    }

    /// The bits read from this CPU are the ones the kernel reports.
    @Test func thisCPUsBitsAreTheKernels() throws {
        let flags = try Self.cpuFlags()
        let cpu = CPUFeatures.current
        #expect(cpu.ssse3 == flags.contains("ssse3") && cpu.sse41 == flags.contains("sse4_1") && cpu.sha == flags.contains("sha_ni"),
                "\(cpu) against \(flags.filter { ["ssse3", "sse4_1", "sha_ni"].contains($0) })")
        #expect(SHA256.Engine.fastest == SHA256.Engine.fastest(on: cpu))
    }

    static func cpuFlags() throws -> [Substring] {
        let cpu = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        return cpu.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ") ?? []
    }

    /// The machines this runs on have the instructions (x86-64 since 2017's Goldmont and 2019's
    /// Ice Lake, AMD since Zen): a build that lost them would fall back silently and slowly.
    @Test func theInstructionsAreUsedWhereTheCPUHasThem() throws {
        #expect((SHA256.Engine.fastest == .instructions) == (try Self.cpuFlags()).contains("sha_ni"))
    }
}
