import Dispatch
import Strata
import StrataIO
import StrataRaster
import StrataText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FrameRenderer {
  /// The processors this machine has online (at least 1): what single frames drawn by the
  /// command-line tool, the preview and the host's compositor use for ``threads``.
  public static var processorCount: Int {
    Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  /// The fewest rows a band holds: below this a frame is not worth splitting.
  static let smallestBand = 64

  /// How many bands a frame `height` rows tall is drawn in on `threads` threads: a few per
  /// thread, so that a thread whose bands are quick takes another, each at least
  /// ``smallestBand`` rows; 1 when the frame is drawn at once.
  static func bandCount(height: Int, threads: Int) -> Int {
    guard threads > 1 else { return 1 }
    return Swift.max(1, Swift.min(2 * threads, height / smallestBand))
  }

  /// Draws `list` into `buffer` (of the list's size) in bands of rows on `threads` threads, each
  /// band a canvas of its own whose pixels are those of the same rows drawn at once (see
  /// `Canvas.restart(taking:rows:)`), copied into `buffer` as it is done.
  func drawInBands(
    _ list: DisplayList, into buffer: inout RasterImage, bands: Int, threads: Int,
    clearTo fill: UInt32?
  ) {
    let width = list.width
    let height = list.height
    let rowsPerBand = (height + bands - 1) / bands
    let next = Locked(0)
    let (canvases, bandBuffers, glyphCache) = (canvases, bandBuffers, glyphCache)
    buffer.pixels.withUnsafeMutableBytes { raw in
      guard let base = raw.baseAddress else { return }
      let frame = SharedRows(base: base)
      DispatchQueue.concurrentPerform(iterations: Swift.min(threads, bands)) { _ in
        while true {
          let band = next.withLock { n -> Int in
            defer { n += 1 }
            return n
          }
          let top = band * rowsPerBand
          guard band < bands, top < height else { return }
          let rows = IntRect(
            x: 0, y: top, width: width, height: Swift.min(rowsPerBand, height - top))
          Self.drawBand(
            list, rows: rows, into: frame, clearTo: fill, canvases: canvases,
            buffers: bandBuffers, glyphCache: glyphCache)
        }
      }
    }
  }

  /// Draws the rows `rows` of `list` and copies them into `frame`.
  private static func drawBand(
    _ list: DisplayList, rows: IntRect, into frame: SharedRows, clearTo fill: UInt32?,
    canvases: CanvasPool, buffers bandBuffers: BandBuffers, glyphCache: GlyphCache
  ) {
    var band = bandBuffers.take(width: rows.width, height: rows.height)
    if let fill {
      band.pixels.withUnsafeMutableBytes { raw in
        let p = raw.bindMemory(to: UInt32.self)
        for i in p.indices { p[i] = fill }
      }
    }
    let (canvas, player) = canvases.take(taking: &band, rows: rows)
    player.play(list, on: canvas, glyphCache: glyphCache)
    canvas.finish(into: &band)
    canvases.give(canvas, player)
    band.pixels.withUnsafeBytes { src in
      guard let s = src.baseAddress else { return }
      (frame.base + rows.y * rows.width * 4).copyMemory(from: s, byteCount: src.count)
    }
    bandBuffers.give(band)
  }
}

/// The frame's memory, written by the threads that draw its bands: each writes only its own
/// rows, and the frame is not touched otherwise until every band is done.
private struct SharedRows: @unchecked Sendable {
  let base: UnsafeMutableRawPointer
}

/// Band-sized buffers kept between frames, so that drawing a frame in bands does not allocate
/// and fault in its bands' memory each time.
final class BandBuffers: Sendable {
  private let kept = Locked<[RasterImage]>([])

  /// A buffer of `width × height` pixels (its contents are left as they were).
  func take(width: Int, height: Int) -> RasterImage {
    let found = kept.withLock { k -> RasterImage? in
      guard let i = k.firstIndex(where: { $0.width == width && $0.height == height }) else {
        return nil
      }
      return k.remove(at: i)
    }
    if let found { return found }
    return RasterImage(
      validatedWidth: width, height: height,
      pixels: [UInt8](repeating: 0, count: width * height * 4))
  }

  /// Keeps `buffer` for a later band (at most 16 are kept).
  func give(_ buffer: RasterImage) {
    kept.withLock { k in
      if k.count < 16 { k.append(buffer) }
    }
  }
}
