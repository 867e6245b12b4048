/// Bytes at an address that stays put for as long as a decoder reads them.
final class PinnedBytes {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    let count: Int

    init(_ bytes: [UInt8]) {
        count = bytes.count
        buffer = .allocate(capacity: max(1, bytes.count))  // never a zero-byte allocation
        _ = buffer.initialize(fromContentsOf: bytes)  // the C side reads `count` bytes, no more
    }

    deinit { buffer.deallocate() }
}
