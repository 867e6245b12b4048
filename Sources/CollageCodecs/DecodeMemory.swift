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

    /// Every thread allocates from one heap. glibc gives threads up to eight arenas per core,
    /// and each keeps what was freed in it for its own threads: with a JPEG's second band encoded
    /// on a thread of its own and tiles drawn on every core, `--pages` on 3,000 small photos
    /// peaked at 78-82 MiB in some runs with the defaults (44-47 in others, as the threads
    /// happened to meet the arenas), at 43-44 MiB with one arena, in the same time (two arenas:
    /// 62 MiB). Small allocations do not wait for it: each thread has its own cache of them.
    /// Returns false if glibc refused (the defaults then stay).
    @discardableResult
    public static func shareOneHeap() -> Bool {
        collage_share_one_heap() == 1
    }

    /// For a watch, which draws a collage of the same size at every change and keeps each photo
    /// it takes: buffers below 8 MiB (a 1800x1200 canvas is 6.2 MiB, a photo kept for it at most
    /// 7 MiB) stay on the heap once freed, up to 64 MiB of them, for the next ones, instead of
    /// being mapped and their pages faulted in afresh: a watch of six 12 MP JPEGs took 7% less
    /// CPU (58 to 59 MiB at its peak); of six HEICs, 6% less (92 to 96 MiB). Larger ones (a HEIC's
    /// planes inside libheif) are still mapped and returned: at 32 MiB the HEICs' peak was 110 MiB.
    /// Returns false if glibc refused (the thresholds then stay as they were).
    @discardableResult
    public static func keepFreedBuffers() -> Bool {
        collage_keep_freed_buffers() == 1
    }
}
