import Strata
import StrataIO

/// What the frames of a sequence share, kept so that it is drawn once.
///
/// Give one cache to the ``FrameRenderer``s that render a sequence (it is safe to share
/// between threads) and each repeated part is drawn once:
///
/// - **Frames.** A display list equal to one of the last few rendered is not drawn again: its
///   pixels are copied. The rests of a swipe are such frames. Callers may attach the frame's
///   encoded bytes (``attach(_:to:)``) so that a repeated frame is not encoded again either.
/// - **Groups.** A translucent group whose commands, clip and layer bounds equal those of a
///   group drawn in an earlier frame is composited from that group's kept layer, with this
///   frame's opacity — a cross-fade between pictures that do not move draws each picture
///   once. A group's layer is kept from the second frame it appears in, so groups that change
///   every frame cost no copies.
///
/// Both are exact: a frame rendered with a cache has the same bytes as one rendered without.
///
/// ```swift
/// let cache = RenderCache()
/// var renderer = FrameRenderer(scale: 2)
/// renderer.cache = cache
/// ```
public final class RenderCache: Sendable {
  /// How many of the latest frames are kept.
  public let frameLimit: Int
  /// The most bytes of group layers kept; the least recently used go first.
  public let groupByteLimit: Int

  private let state = Locked(State())

  /// Creates an empty cache keeping the latest `frameLimit` frames and at most
  /// `groupByteLimit` bytes of group layers.
  public init(frameLimit: Int = 4, groupByteLimit: Int = 128 << 20) {
    self.frameLimit = Swift.max(0, frameLimit)
    self.groupByteLimit = Swift.max(0, groupByteLimit)
  }

  /// How often the cache was asked and answered.
  public struct Statistics: Hashable, Sendable {
    /// Frames copied from the cache.
    public var frameHits = 0
    /// Frames drawn.
    public var frameMisses = 0
    /// Groups composited from a kept layer.
    public var groupHits = 0
    /// Groups drawn.
    public var groupMisses = 0

    /// Statistics of nothing done yet.
    public init() {}
  }

  /// What the cache has done so far.
  public var statistics: Statistics { state.withLock { $0.statistics } }

  // MARK: Frames

  struct FrameEntry {
    let hash: Int
    let list: DisplayList
    var image: RasterImage
    var attachments: [String: [UInt8]]
  }

  struct State {
    var frames: [FrameEntry] = []
    /// Frame memory given back when an entry is evicted, to copy the next frame into.
    var spare: [UInt8] = []
    var groups: [GroupKey: GroupEntry] = [:]
    var groupBytes = 0
    var clock = 0
    /// Groups seen recently whose layers were not kept yet, oldest first.
    var seen: [GroupKey] = []
    var statistics = Statistics()
  }

  /// Copies the pixels of a frame whose display list equals `list` into `buffer`; `false`
  /// when no kept frame has that list.
  func copyFrame(for list: DisplayList, hash: Int, into buffer: inout RasterImage) -> Bool {
    let image: RasterImage? = state.withLock { s in
      guard let i = s.frames.lastIndex(where: { $0.hash == hash && $0.list == list }) else {
        s.statistics.frameMisses += 1
        return nil
      }
      s.statistics.frameHits += 1
      return s.frames[i].image
    }
    guard let image else { return false }
    if buffer.width == image.width, buffer.height == image.height,
      buffer.pixels.count == image.pixels.count
    {
      // Into the buffer's own memory, which stays the caller's alone.
      buffer.pixels.withUnsafeMutableBytes { dst in
        image.pixels.withUnsafeBytes { src in dst.copyMemory(from: src) }
      }
    } else {
      buffer = image
    }
    return true
  }

  /// Keeps a copy of `image` as the frame of `list`.
  func storeFrame(_ image: RasterImage, for list: DisplayList, hash: Int) {
    guard frameLimit > 0 else { return }
    var memory = state.withLock { s -> [UInt8] in
      defer { s.spare = [] }
      return s.spare
    }
    if memory.count != image.pixels.count {
      memory = [UInt8](repeating: 0, count: image.pixels.count)
    }
    memory.withUnsafeMutableBytes { dst in
      image.pixels.withUnsafeBytes { src in dst.copyMemory(from: src) }
    }
    let copy = RasterImage(validatedWidth: image.width, height: image.height, pixels: memory)
    state.withLock { s in
      if s.frames.contains(where: { $0.hash == hash && $0.list == list }) { return }
      s.frames.append(FrameEntry(hash: hash, list: list, image: copy, attachments: [:]))
      if s.frames.count > frameLimit {
        s.spare = s.frames.removeFirst().image.pixels
      }
    }
  }

  /// Attaches bytes by name (for example the frame's PNG file under the encoder's mode) to the
  /// kept frame of `list`, adding to what it holds. Nothing is kept when that frame is not kept.
  /// One call for everything a frame made: each call hashes the display list.
  public func attach(_ attachments: [String: [UInt8]], to list: DisplayList) {
    guard !attachments.isEmpty else { return }
    let hash = list.hashValue
    state.withLock { s in
      guard let i = s.frames.lastIndex(where: { $0.hash == hash && $0.list == list }) else {
        return
      }
      s.frames[i].attachments.merge(attachments) { $1 }
    }
  }

  /// Everything attached to the kept frame of `list`, by name; empty when none is kept.
  public func attachments(of list: DisplayList) -> [String: [UInt8]] {
    let hash = list.hashValue
    return state.withLock { s in
      s.frames.last(where: { $0.hash == hash && $0.list == list })?.attachments ?? [:]
    }
  }

  // MARK: Groups

  /// What a group's layer depends on: the canvas size, the clips open around it, its layer's
  /// rectangle and its commands (without its own opacity, which is applied when compositing).
  struct GroupKey: Hashable {
    let width: Int
    let height: Int
    let rect: IntRect
    let clips: [DisplayList.Command]
    let commands: ArraySlice<DisplayList.Command>
    let hash: Int

    init(
      width: Int, height: Int, rect: IntRect, clips: [DisplayList.Command],
      commands: ArraySlice<DisplayList.Command>
    ) {
      self.width = width
      self.height = height
      self.rect = rect
      self.clips = clips
      self.commands = commands
      var h = Hasher()
      h.combine(width)
      h.combine(height)
      h.combine(rect)
      h.combine(clips)
      for c in commands { h.combine(c) }
      hash = h.finalize()
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (a: GroupKey, b: GroupKey) -> Bool {
      a.hash == b.hash && a.width == b.width && a.height == b.height && a.rect == b.rect
        && a.clips == b.clips && a.commands.elementsEqual(b.commands)
    }
  }

  /// A kept layer: the pixels of the rectangle its group drew in, row after row.
  struct GroupEntry {
    let drawn: IntRect
    let pixels: [UInt8]
    var lastUse: Int
  }

  /// The kept layer of the group `key`, if any.
  func group(_ key: GroupKey) -> GroupEntry? {
    state.withLock { s in
      s.clock += 1
      guard var entry = s.groups[key] else {
        s.statistics.groupMisses += 1
        return nil
      }
      s.statistics.groupHits += 1
      entry.lastUse = s.clock
      s.groups[key] = entry
      return entry
    }
  }

  /// Whether the layer of group `key`, which was not kept, should be kept when drawn: when it
  /// was seen before. Notes that it was seen.
  func shouldKeep(_ key: GroupKey) -> Bool {
    guard groupByteLimit > 0 else { return false }
    return state.withLock { s in
      if let i = s.seen.firstIndex(of: key) {
        s.seen.remove(at: i)
        return true
      }
      s.seen.append(key)
      if s.seen.count > 64 { s.seen.removeFirst() }
      return false
    }
  }

  /// Keeps the layer of group `key`, evicting the least recently used layers over the limit.
  func keepGroup(_ key: GroupKey, drawn: IntRect, pixels: [UInt8]) {
    guard pixels.count <= groupByteLimit else { return }
    state.withLock { s in
      s.clock += 1
      if let old = s.groups.updateValue(
        GroupEntry(drawn: drawn, pixels: pixels, lastUse: s.clock), forKey: key)
      {
        s.groupBytes -= old.pixels.count
      }
      s.groupBytes += pixels.count
      while s.groupBytes > groupByteLimit,
        let oldest = s.groups.min(by: { $0.value.lastUse < $1.value.lastUse })
      {
        s.groupBytes -= oldest.value.pixels.count
        s.groups.removeValue(forKey: oldest.key)
      }
    }
  }
}
