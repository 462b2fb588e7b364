import Strata

/// Streams an animated PNG to disk, frame by frame, holding one frame at a time.
///
/// All frames have the size given at creation; each is shown for the same time (1/`fps`
/// seconds, or a given delay); the
/// animation loops forever. Viewers without APNG support show the first frame.
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
    try PixelBuffer.validate(width: width, height: height)
    guard frameCount > 0 else {
      throw .io(path: path, reason: "an animation needs at least one frame")
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
  public func append(_ frame: PixelBuffer) throws(RenderError) {
    guard frame.width == width, frame.height == height else {
      throw .invalidSize(width: frame.width, height: frame.height, limit: PixelBuffer.pixelLimit)
    }
    guard written < frameCount else {
      throw .io(path: file.path, reason: "more frames than announced")
    }
    var chunks: [UInt8] = []
    var fctl: [UInt8] = []
    fctl.appendBigEndian(sequence)
    sequence += 1
    fctl.appendBigEndian(UInt32(width))
    fctl.appendBigEndian(UInt32(height))
    fctl.appendBigEndian(0)
    fctl.appendBigEndian(0)
    // The delay; dispose none; blend source.
    fctl += [
      UInt8(delay.numerator >> 8), UInt8(delay.numerator & 0xFF), UInt8(delay.denominator >> 8),
      UInt8(delay.denominator & 0xFF), 0, 0,
    ]
    PNGEncoder.appendChunk("fcTL", fctl, to: &chunks)
    let data = PNGEncoder.compressedImageData(frame, channels: 4, mode: .fastest)
    if written == 0 {
      PNGEncoder.appendChunk("IDAT", data, to: &chunks)
    } else {
      var fdat: [UInt8] = []
      fdat.appendBigEndian(sequence)
      sequence += 1
      fdat += data
      PNGEncoder.appendChunk("fdAT", fdat, to: &chunks)
    }
    try file.write(chunks)
    written += 1
  }

  /// Ends the file and moves it into place.
  ///
  /// - Throws: ``RenderError/io(path:reason:)`` when fewer frames were appended than announced.
  public func finish() throws(RenderError) {
    guard written == frameCount else {
      file.cancel()
      throw .io(path: file.path, reason: "\(written) of \(frameCount) frames were written")
    }
    var end: [UInt8] = []
    PNGEncoder.appendChunk("IEND", [], to: &end)
    try file.write(end)
    try file.commit()
  }
}
