import Foundation
import Strata
import StrataFiles
import StrataIO

/// Reads SVG illustrations into ``VectorImage``s, so they draw crisply at every device scale.
///
/// ```swift
/// let art = try SVGImporter().importFile("Assets/hello.svg")
/// for note in art.unsupported { print(note) }   // what was left out, with its line
/// let node = ImageNode(image: .vector(art.image))
/// ```
///
/// The subset is the one illustrations use: `path`, `rect`, `circle`, `ellipse`, `line`,
/// `polyline`, `polygon`, `g`, `use`/`defs`, `symbol` and nested `svg` viewports, `transform`
/// (attribute or CSS), `viewBox`/`preserveAspectRatio`/`overflow`; fill and stroke with their
/// opacity, rule, width, caps, joins, miter limit and dashes, in every CSS colour notation;
/// `opacity`; linear and radial gradients (both units, `spreadMethod`, `gradientTransform`,
/// focal points and radii, `href` inheritance); patterns on fills and strokes (budgeted:
/// ``maximumPatternTiles``); `clipPath` (both units, nested, clipped children);
/// `style` attributes and `<style>` sheets with type, class, id, attribute and `:first-child`
/// selectors, combinators and `!important`; DTD entities. Anything else that would draw —
/// `text`, `image`, `filter`, `mask`, markers — is left out and listed in
/// ``SVGImport/unsupported`` with its element and line; with ``strict`` it is an error
/// instead. Editor metadata (`title`, `desc`, `metadata`, `sodipodi:…`, `inkscape:…`) is
/// skipped without a word. Docs/Assets.md has the table, with the specification each follows.
public struct SVGImporter: Sendable {
  /// The deepest element nesting read.
  public static let maximumDepth = 64
  /// The most elements in one file.
  public static let maximumElements = 100_000
  /// The most shapes an image may expand to (through `use`, which can repeat a group).
  public static let maximumShapes = 100_000
  /// The most elements visited while building, with each `use` expansion counted again:
  /// three levels of 46 `use`s are 97,336 elements from 4 KB.
  public static let maximumExpandedElements = 100_000
  /// The most clip outlines made in all: each `clip-path` use makes the shapes of its
  /// `<clipPath>` again (1,000 shapes clipped by a clip of 1,000 rectangles are a million).
  public static let maximumClipShapes = 100_000
  /// The most selector tests of style-sheet rules against elements (each visit of an
  /// element tests the rules that could match it).
  public static let maximumSelectorTests = 5_000_000
  /// The most bytes of comments in the style sheets of one file.
  public static let maximumCommentBytes = 1 << 20
  /// The largest file read, in bytes.
  public static let maximumBytes = 16 << 20
  /// The largest width or height, in points.
  public static let maximumDimension = 16_384.0
  /// The most pattern tiles one file may lay out, over all its pattern fills and strokes:
  /// each tile draws the pattern's content again, so a tiny or sheared tile over a large
  /// shape is work out of all proportion to the file. A pattern past it is not drawn, and
  /// says so in ``SVGImport/unsupported``.
  public static let maximumPatternTiles = 2_000
  /// The most bytes all references to DTD entities in one file may expand to (1 MiB): a
  /// "billion laughs" of nested entities stops at the first megabyte.
  public static let maximumEntityBytes = 1 << 20
  /// The deepest nesting of entities inside entities.
  public static let maximumEntityDepth = 8

  /// Whether anything unsupported is an error (``SVGError/unsupported(_:)``) instead of a note.
  public var strict: Bool

  /// Creates an importer.
  public init(strict: Bool = false) { self.strict = strict }

  /// The image in `bytes`; `path` only names it in messages.
  public func importSVG(_ bytes: [UInt8]) throws(SVGError) -> SVGImport {
    guard bytes.count <= Self.maximumBytes else {
      throw .tooLarge(bytes: bytes.count, limit: Self.maximumBytes)
    }
    let root = try XMLReader.parse(
      bytes, maximumDepth: Self.maximumDepth, maximumElements: Self.maximumElements)
    guard root.localName == "svg" else { throw .notSVG(root: root.name) }
    var builder = SVGBuilder(root: root)
    let image = try builder.build()
    if strict, !builder.unsupported.isEmpty { throw .unsupported(builder.unsupported) }
    return SVGImport(image: image, unsupported: builder.unsupported)
  }

  /// The image in the file at `path`.
  public func importFile(_ path: String) throws(SVGError) -> SVGImport {
    let bytes: [UInt8]
    do {
      bytes = try SafeFile.read(path, limit: Self.maximumBytes)
    } catch {
      throw .io(path: path, reason: error.reason)
    }
    return try importSVG(bytes)
  }
}

/// An imported SVG: the image, and what of the file it does not show.
public struct SVGImport: Hashable, Sendable {
  /// The drawing.
  public var image: VectorImage
  /// Every element or attribute that would draw something and was left out.
  public var unsupported: [SVGDiagnostic]
}

/// Something in an SVG file that Strata does not draw: the element, its line, and what.
public struct SVGDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// The element's name (`text`, `filter`, …).
  public var element: String
  /// The line the element starts on, from 1.
  public var line: Int
  /// What is left out.
  public var message: String

  /// Creates a diagnostic.
  public init(element: String, line: Int, message: String) {
    self.element = element
    self.line = line
    self.message = message
  }

  /// `line 12: <text>: text is not drawn`.
  public var description: String { "line \(line): <\(element)>: \(message)" }
}

/// Why an SVG file could not be read.
public enum SVGError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The XML is not well formed: what, and the line.
  case malformed(String, line: Int)
  /// Elements nest deeper than ``SVGImporter/maximumDepth``.
  case tooDeep(limit: Int, line: Int)
  /// More elements than ``SVGImporter/maximumElements``.
  case tooManyElements(limit: Int, line: Int)
  /// The image would expand (through `use`) to more than ``SVGImporter/maximumShapes`` shapes.
  case tooManyShapes(limit: Int)
  /// The file is larger than ``SVGImporter/maximumBytes``.
  case tooLarge(bytes: Int, limit: Int)
  /// The root element is not `<svg>`.
  case notSVG(root: String)
  /// The image's width or height is missing, not a length, not positive or too large.
  case invalidSize(String)
  /// In strict mode: what is not supported.
  case unsupported([SVGDiagnostic])
  /// The file cannot be read.
  case io(path: String, reason: String)
  /// The file asks for more work than a budget allows: which budget (``SVGImporter``'s
  /// `maximumExpandedElements`, `maximumClipShapes`, `maximumSelectorTests`,
  /// `maximumCommentBytes`), its limit and the line where it ran out.
  case overBudget(String, limit: Int, line: Int)

  /// One line saying what and where.
  public var description: String {
    switch self {
    case .malformed(let why, let line): return "line \(line): malformed XML: \(why)"
    case .tooDeep(let limit, let line):
      return "line \(line): elements nest deeper than \(limit) levels"
    case .tooManyElements(let limit, let line):
      return "line \(line): more than \(limit) elements"
    case .tooManyShapes(let limit): return "the image expands to more than \(limit) shapes"
    case .tooLarge(let bytes, let limit): return "\(bytes) bytes is more than the \(limit) read"
    case .notSVG(let root): return "the root element is <\(root)>, not <svg>"
    case .invalidSize(let why): return "the image's size: \(why)"
    case .unsupported(let notes):
      return "not supported: " + notes.map(\.description).joined(separator: "; ")
    case .io(let path, let reason): return "\(path): \(reason)"
    case .overBudget(let what, let limit, let line):
      return "line \(line): more than \(limit) \(what): over the importer's budget"
    }
  }
}

extension XMLElement {
  /// The name without a namespace prefix (`svg:rect` → `rect`).
  var localName: String {
    if let colon = name.lastIndex(of: ":") { return String(name[name.index(after: colon)...]) }
    return name
  }

  /// Whether the element belongs to an editor's namespace (Inkscape, Sodipodi, …).
  ///
  /// By its namespace when one is bound (`http://www.w3.org/2000/svg` is SVG's); when none
  /// is, an unprefixed or `svg:` name is taken for SVG, as files without `xmlns` are common.
  var isForeign: Bool {
    if let namespace { return namespace != "http://www.w3.org/2000/svg" }
    return name.contains(":") && !name.hasPrefix("svg:")
  }

  /// An attribute, `xlink:href` read as `href`.
  func attribute(_ key: String) -> String? {
    if let v = attributes[key] { return v }
    if key == "href" { return attributes["xlink:href"] }
    return nil
  }
}
