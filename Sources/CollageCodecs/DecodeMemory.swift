internal import CCollageCodecs

/// How decode buffers are allocated, set once by the executable at start-up.
public enum DecodeMemory {
    /// Pixel buffers of tens of MiB come and go (a 12 MP HEIC decodes to 36 MiB of RGB inside
    /// libheif): each is kept in its own mapping and returned to the system when freed. glibc's
    /// default raises its mmap threshold after the first such free and keeps later ones on the
    /// heap: six 12 MP HEICs peaked at 236 MiB that way, at 150 MiB with the threshold fixed, in
    /// the same time. Fixed at 2 MiB, not glibc's 128 KiB: the buffers of every photo (a 12 MP
    /// JPEG kept at 800x600 is 1.4 MiB) are reused from the heap instead of mapped and faulted
    /// in afresh: `--pages` on 300 photos took 260,000 page faults, 170,000 with it, for 2 MiB
    /// more at its peak. Returns false if glibc refused (the defaults then stay: slower to
    /// shrink, never wrong).
    @discardableResult
    public static func keepLargeBuffersMapped() -> Bool {
        collage_keep_large_buffers_mapped() == 1
    }
}
