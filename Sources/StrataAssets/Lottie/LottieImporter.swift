import Strata
import StrataFiles
import StrataJSON

/// Reads a Lottie animation (the JSON that Bodymovin and LottieFiles write, as the Lottie
/// Animation Community's specification describes it) into an ``AnimatedVectorImage``.
///
/// What it reads: shape, solid, null, precomposition and image layers with their transforms
/// (skew included), parents, in and out points, start times, time stretch and remapping,
/// masks and track mattes; groups, rectangles, ellipses, stars and polygons, paths; fills and
/// strokes, solid or gradient (caps, joins, miter limit, dashes); trim paths, repeaters and
/// merge paths; keyframes with their cubic-bezier easing (per dimension), hold keyframes and
/// motion paths, for every property. What it does not draw is listed in
/// ``LottieImport/unsupported`` by kind and JSON path, and refused with ``strict``
/// (Docs/Assets.md has the table).
public struct LottieImporter: Sendable {
  /// The most bytes a file may have.
  public static let maximumBytes = 16 << 20
  /// The most layers.
  public static let maximumLayers = 10_000
  /// The most shape items, all layers together.
  public static let maximumShapes = 100_000
  /// The most keyframes, all properties together.
  public static let maximumKeyframes = 1_000_000
  /// The largest width or height.
  public static let maximumDimension = 16_384.0

  /// Whether anything not drawn makes the import fail instead of being listed.
  public var strict: Bool
  /// The folder the image files of image layers are read from (``importFile(_:)`` sets it to
  /// the file's); without one, only embedded images are drawn.
  public var baseDirectory: String?

  /// Creates an importer.
  public init(strict: Bool = false, baseDirectory: String? = nil) {
    self.strict = strict
    self.baseDirectory = baseDirectory
  }

  /// Reads a Lottie document.
  ///
  /// - Throws: ``LottieError``: not JSON, a value of the wrong kind (with its path and
  ///   position), past a limit, or (when strict) something not drawn.
  public func importLottie(_ bytes: [UInt8]) throws(LottieError) -> LottieImport {
    guard bytes.count <= Self.maximumBytes else {
      throw .tooLarge(what: "the file", limit: Self.maximumBytes)
    }
    let root: JSONValue
    do {
      root = try JSONReader(
        limits: JSONReader.Limits(maximumBytes: Self.maximumBytes, maximumDepth: 128)
      ).read(bytes)
    } catch {
      throw .notJSON(error.description)
    }
    var reader = LottieReader()
    reader.baseDirectory = baseDirectory
    let animation = try reader.document(root)
    if strict, !reader.unsupported.isEmpty { throw .unsupported(reader.unsupported) }
    return LottieImport(animation: animation, unsupported: reader.unsupported)
  }

  /// Reads a Lottie file.
  ///
  /// - Throws: ``LottieError/unreadable(path:reason:)`` when it cannot be read, else as
  ///   ``importLottie(_:)``.
  public func importFile(_ path: String) throws(LottieError) -> LottieImport {
    let bytes: [UInt8]
    do {
      bytes = try SafeFile.read(path, limit: Self.maximumBytes)
    } catch {
      throw .unreadable(path: path, reason: error.description)
    }
    var importer = self
    if importer.baseDirectory == nil { importer.baseDirectory = SafeFile.split(path).folder }
    return try importer.importLottie(bytes)
  }
}

/// A Lottie document read: the animation, and what in it is not drawn.
public struct LottieImport: Sendable {
  /// The animation.
  public var animation: AnimatedVectorImage
  /// What the file has that the animation leaves out, in document order.
  public var unsupported: [LottieDiagnostic]
}

/// Something in a Lottie file, by its JSON path and position, and what about it.
public struct LottieDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// Where: `layers[2].shapes[0].it[3]`.
  public var path: String
  /// Its line and column in the file.
  public var position: TextPosition
  /// What is left out or wrong.
  public var message: String

  /// Creates a diagnostic.
  public init(path: String, position: TextPosition, message: String) {
    self.path = path
    self.position = position
    self.message = message
  }

  /// `layers[2].shapes[0]: trim paths (ty "tm") are not drawn (line 4, column 9)`.
  public var description: String { "\(path): \(message) (\(position))" }
}

/// Why a Lottie file could not be read.
public enum LottieError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(path: String, reason: String)
  /// The bytes are not JSON (the reader's message, with its line and column).
  case notJSON(String)
  /// A value is missing or of the wrong kind.
  case invalid(LottieDiagnostic)
  /// Past one of the importer's limits.
  case tooLarge(what: String, limit: Int)
  /// Strict import: what the file has that is not drawn.
  case unsupported([LottieDiagnostic])

  /// One line (or one per thing not drawn).
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): return "\(path): cannot read it: \(reason)"
    case .notJSON(let message): return "not JSON: \(message)"
    case .invalid(let d): return d.description
    case .tooLarge(let what, let limit): return "\(what) is past the limit of \(limit)"
    case .unsupported(let ds):
      return "not drawn:\n" + ds.map { "  \($0.description)" }.joined(separator: "\n")
    }
  }
}
