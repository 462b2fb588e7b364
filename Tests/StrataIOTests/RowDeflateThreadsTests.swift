import CZlib
import Foundation
import Strata
import StrataExamples
import Testing

// @testable: these tests reach internals: blockBytes, Zlib.inflate.
@_spi(Benchmarks) @testable import StrataIO
@_spi(Benchmarks) @testable import StrataRender

/// The compressor on several threads: runs of blocks compressed at once and joined make one
/// valid zlib stream, the same bytes whatever the thread count.
@Suite struct RowDeflateThreadsTests {
  /// Inputs of one block and of many, noise and runs, at every thread count.
  @Test func runsJoinIntoOneStreamOfTheSameBytes() throws {
    var g = RowDeflateTests.Generator(state: 11)
    let block = RowDeflate.blockBytes
    let inputs: [[UInt8]] = [
      [],
      Array(repeating: 3, count: 100),
      (0..<(3 * block + 77)).map { _ in UInt8(g.next() & 0xFF) },
      (0..<(5 * block)).map { k in k % 4099 < 2000 ? UInt8(k % 13) : UInt8(g.next() & 0x07) },
    ]
    for bytes in inputs {
      let one = bytes.withUnsafeBufferPointer { RowDeflate.zlib($0, stride: 4099, bpp: 3) }
      for threads in [1, 2, 3, 8] {
        let z = bytes.withUnsafeBufferPointer {
          RowDeflate.zlib($0, stride: 4099, bpp: 3, threads: threads)
        }
        #expect(try Zlib.inflate(z, expected: bytes.count) == bytes, "\(bytes.count) bytes")
        #expect(z == one, "\(bytes.count) bytes, \(threads) threads")
      }
    }
  }

  /// A frame encoded on two threads is the same file as on one.
  @Test func aFrameOnTwoThreadsIsTheSameImage() throws {
    let animals = AnimalsTutorial(pageSize: Size(width: 390, height: 844))
    animals.setPagePosition(0.4)
    let image = try FrameRenderer(scale: 2).render(animals.scene())
    let one = PNGEncoder(mode: .fastest).encode(image)
    let two = PNGEncoder(mode: .fastest, threads: 2).encode(image)
    #expect(two == one)
    #expect(try PNGDecoder().decode(two).pixels == PNGDecoder().decode(one).pixels)
  }

  @Test func checksumsCombineAsIfSummedInOne() {
    var g = RowDeflateTests.Generator(state: 5)
    for length in [0, 1, 2, 100, 65_520, 65_521, 65_522, 300_000] {
      let bytes = (0..<length).map { _ in UInt8(g.next() & 0xFF) }
      for cut in Set([0, length / 2, length]) {
        let whole = bytes.withUnsafeBufferPointer { Adler32.checksum($0) }
        let joined = bytes.withUnsafeBufferPointer {
          Adler32.combine(
            Adler32.checksum(UnsafeBufferPointer(rebasing: $0[..<cut])),
            Adler32.checksum(UnsafeBufferPointer(rebasing: $0[cut...])), length: length - cut)
        }
        #expect(joined == whole, "\(length) bytes cut at \(cut)")
      }
    }
    // All bytes 255: the sums reach the modulus soonest.
    let full = [UInt8](repeating: 255, count: 200_000)
    let whole = full.withUnsafeBufferPointer { Adler32.checksum($0) }
    let joined = full.withUnsafeBufferPointer {
      Adler32.combine(
        Adler32.checksum(UnsafeBufferPointer(rebasing: $0[..<70_001])),
        Adler32.checksum(UnsafeBufferPointer(rebasing: $0[70_001...])), length: 129_999)
    }
    #expect(joined == whole)
  }
}
