import Strata

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Streams an animated PNG to disk, frame by frame, holding one frame at a time.
///
/// All frames have the size given at creation; each is shown for the same time (1/`fps`
/// seconds, or a given delay); the
/// animation loops forever. Viewers without APNG support show the first frame.
///
/// After the first frame, each frame stores only the rectangle in which it differs from the
/// one before (a frame equal to the one before stores one pixel): the rests of a swipe and
/// the parts of the screen a transition leaves alone cost almost nothing.
public final class APNGWriter {
  /// The frame width in pixels.
  public let width: Int
  /// The frame height in pixels.
  public let height: Int
  private let frameCount: Int
  /// Each frame's delay as a fraction of a second, numerator over denominator.
  private let delay: (numerator: UInt16, denominator: UInt16)
  private var written = 0
  private var sequence: UInt32 = 0
  private let file: AtomicFileWriter
  /// The last frame appended, to find what the next one changes.
  private var previous: [UInt8] = []

  /// Starts an animation of `frameCount` frames at `fps` frames per second.
  ///
  /// - Throws: ``RenderError`` when the size is not allowed or the file cannot be created.
  public convenience init(path: String, width: Int, height: Int, frameCount: Int, fps: Int)
    throws(RenderError)
  {
    try self.init(
      path: path, width: width, height: height, frameCount: frameCount,
      delay: (1, UInt16(Swift.max(1, Swift.min(fps, 65_535)))))
  }

  /// Starts an animation of `frameCount` frames, each shown for `frameDuration` seconds
  /// (to the millisecond, at least 1 ms and at most 65.535 s): an animation keeps the real
  /// duration of what it shows whatever the number of frames.
  public convenience init(
    path: String, width: Int, height: Int, frameCount: Int, frameDuration: Double
  ) throws(RenderError) {
    let ms = frameDuration.isFinite ? (frameDuration * 1000).rounded() : 1
    try self.init(
      path: path, width: width, height: height, frameCount: frameCount,
      delay: (UInt16(Swift.min(65_535, Swift.max(1, ms))), 1000))
  }

  private init(
    path: String, width: Int, height: Int, frameCount: Int,
    delay: (numerator: UInt16, denominator: UInt16)
  ) throws(RenderError) {
    try RasterImage.validate(width: width, height: height)
    guard frameCount > 0 else {
      throw .invalidAnimation(path: path, reason: "an animation needs at least one frame")
    }
    self.width = width
    self.height = height
    self.frameCount = frameCount
    self.delay = delay
    file = try AtomicFileWriter(path: path)
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var ihdr: [UInt8] = []
    ihdr.appendBigEndian(UInt32(width))
    ihdr.appendBigEndian(UInt32(height))
    ihdr += [8, 6, 0, 0, 0]
    PNGEncoder.appendChunk("IHDR", ihdr, to: &png)
    var actl: [UInt8] = []
    actl.appendBigEndian(UInt32(frameCount))
    actl.appendBigEndian(0)  // loop forever
    PNGEncoder.appendChunk("acTL", actl, to: &png)
    try file.write(png)
  }

  /// Appends the next frame (it must have the animation's size).
  public func append(_ frame: RasterImage) throws(RenderError) {
    guard frame.width == width, frame.height == height else {
      throw .invalidSize(width: frame.width, height: frame.height, limit: RasterImage.pixelLimit)
    }
    guard written < frameCount else {
      throw .invalidAnimation(path: file.path, reason: "more frames than announced")
    }
    let region =
      written == 0 ? nil : Self.changedRegion(from: previous, to: frame.pixels, width: width)
    let part = region.map { Self.crop(frame, to: $0) } ?? frame
    let origin = region.map { (x: $0.x, y: $0.y) } ?? (x: 0, y: 0)
    var chunks: [UInt8] = []
    var fctl: [UInt8] = []
    fctl.appendBigEndian(sequence)
    sequence += 1
    fctl.appendBigEndian(UInt32(part.width))
    fctl.appendBigEndian(UInt32(part.height))
    fctl.appendBigEndian(UInt32(origin.x))
    fctl.appendBigEndian(UInt32(origin.y))
    // The delay; dispose none (the next frame draws over this one); blend source (the region
    // replaces what was there).
    fctl += [
      UInt8(delay.numerator >> 8), UInt8(delay.numerator & 0xFF), UInt8(delay.denominator >> 8),
      UInt8(delay.denominator & 0xFF), 0, 0,
    ]
    PNGEncoder.appendChunk("fcTL", fctl, to: &chunks)
    let data = PNGEncoder.compressedImageData(part, channels: 4, mode: .fastest)
    if written == 0 {
      PNGEncoder.appendChunk("IDAT", data, to: &chunks)
    } else {
      var fdat: [UInt8] = []
      fdat.appendBigEndian(sequence)
      sequence += 1
      fdat += data
      PNGEncoder.appendChunk("fdAT", fdat, to: &chunks)
    }
    previous = frame.pixels
    try file.write(chunks)
    written += 1
  }

  /// The smallest rectangle holding every pixel in which `new` differs from `old` (frames of
  /// `width` pixels a row); one pixel at the origin when they are equal.
  static func changedRegion(from old: [UInt8], to new: [UInt8], width: Int) -> IntRect {
    let height = width > 0 ? new.count / (width * 4) : 0
    guard old.count == new.count, height > 0 else {
      return IntRect(x: 0, y: 0, width: width, height: height)
    }
    var minX = width
    var maxX = -1
    var minY = height
    var maxY = -1
    old.withUnsafeBytes { a in
      new.withUnsafeBytes { b in
        let pa = a.bindMemory(to: UInt32.self)
        let pb = b.bindMemory(to: UInt32.self)
        for y in 0..<height {
          let row = y * width
          // Rows are compared whole first (memcmp), then searched from both ends.
          guard
            let ra = pa.baseAddress.map({ $0 + row }), let rb = pb.baseAddress.map({ $0 + row }),
            memcmp(ra, rb, width * 4) != 0
          else { continue }
          minY = Swift.min(minY, y)
          maxY = y
          var l = 0
          while l < width && ra[l] == rb[l] { l += 1 }
          var r = width - 1
          while r > l && ra[r] == rb[r] { r -= 1 }
          minX = Swift.min(minX, l)
          maxX = Swift.max(maxX, r)
        }
      }
    }
    guard maxY >= 0 else { return IntRect(x: 0, y: 0, width: 1, height: 1) }
    return IntRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }

  /// The pixels of `frame` inside `r`.
  static func crop(_ frame: RasterImage, to r: IntRect) -> RasterImage {
    if r.x == 0 && r.y == 0 && r.width == frame.width && r.height == frame.height { return frame }
    var pixels = [UInt8](repeating: 0, count: r.width * r.height * 4)
    frame.pixels.withUnsafeBytes { src in
      pixels.withUnsafeMutableBytes { dst in
        guard let s0 = src.baseAddress, let d0 = dst.baseAddress else { return }
        for y in 0..<r.height {
          (d0 + y * r.width * 4).copyMemory(
            from: s0 + ((r.y + y) * frame.width + r.x) * 4, byteCount: r.width * 4)
        }
      }
    }
    return RasterImage(validatedWidth: r.width, height: r.height, pixels: pixels)
  }

  /// Ends the file and moves it into place.
  ///
  /// - Throws: ``RenderError/invalidAnimation(path:reason:)`` when fewer frames were appended than announced.
  public func finish() throws(RenderError) {
    guard written == frameCount else {
      file.cancel()
      throw .invalidAnimation(
        path: file.path, reason: "\(written) of \(frameCount) frames were written")
    }
    var end: [UInt8] = []
    PNGEncoder.appendChunk("IEND", [], to: &end)
    try file.write(end)
    try file.commit()
  }
}
