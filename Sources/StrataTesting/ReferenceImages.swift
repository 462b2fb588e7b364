import Foundation
import Strata
import StrataRender

/// How close a rendered image must be to its reference: no channel may differ by more than
/// ``maximum``, and at most ``differingPixels`` pixels may differ at all (`nil`: any number).
public struct ImageTolerance: Hashable, Sendable {
  /// The largest channel difference allowed (0...255).
  public var maximum: Int
  /// How many pixels may differ at all; `nil` for no limit.
  public var differingPixels: Int?

  /// Creates a tolerance.
  public init(maximum: Int = 0, differingPixels: Int? = nil) {
    self.maximum = Swift.min(255, Swift.max(0, maximum))
    self.differingPixels = differingPixels.map { Swift.max(0, $0) }
  }

  /// Equal bytes. Strata's renderer is deterministic, so a reference recorded on one machine
  /// matches on any other: this is the right tolerance for Strata's own frames.
  public static let exact = ImageTolerance()

  /// Whether `difference` is within the tolerance.
  public func allows(_ difference: ImageDifference) -> Bool {
    !difference.sizesDiffer && difference.maximum <= maximum
      && (differingPixels.map { difference.differingPixels <= $0 } ?? true)
  }
}

/// A rendered image that does not match its reference, with where to look.
public struct ReferenceMismatch: Error, Hashable, Sendable, CustomStringConvertible {
  /// The reference's name.
  public let name: String
  /// How far apart they are.
  public let difference: ImageDifference
  /// Where the rendered image was written.
  public let actualPath: String
  /// Where the picture of the difference was written, if the sizes allowed one.
  public let differencePath: String?
  /// Where the reference is.
  public let referencePath: String

  /// Says what differs and where the pictures are.
  public var description: String {
    "\(name) does not match \(referencePath): \(difference); the rendered image is at "
      + actualPath + (differencePath.map { ", the difference at \($0)" } ?? "")
      + " (re-record on purpose with \(ReferenceImages.recordVariable)=1)"
  }
}

/// A reference image that is missing where it must not be recorded (in CI).
public struct MissingReference: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path where the reference should be.
  public let path: String

  /// Says which reference is missing.
  public var description: String {
    "no reference image at \(path); record it with \(ReferenceImages.recordVariable)=1"
  }
}

/// A reference that was missing and has just been recorded: the check fails once, so that
/// a new picture is looked at before it is trusted; the next run compares against it.
public struct RecordedReference: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the new reference was written.
  public let path: String

  /// Says what was recorded and what to do.
  public var description: String {
    "there was no reference image at \(path): the rendered image was recorded there; look at it,"
      + " then run the test again (it passes while the rendering stays the same)"
  }
}

/// Reference images ("goldens") in a folder: compare a rendered image with its reference,
/// recording the reference when it is missing or when asked.
///
/// ```swift
/// let references = ReferenceImages(besideTestFile: #filePath)  // <test folder>/Golden
/// try references.check(image, named: "welcome-1.5")
/// ```
///
/// - A missing reference is recorded and the check fails once with ``RecordedReference``
///   saying where (look at the picture, then run again); in CI (the `CI` environment variable
///   is set) nothing is recorded and it is ``MissingReference``.
/// - With `STRATA_RECORD_REFERENCES=1` (or the older `STRATA_RECORD_GOLDENS=1`) every checked
///   reference is re-recorded.
/// - A mismatch throws ``ReferenceMismatch``: the rendered image and a picture of the
///   difference are written to the temporary folder and named in the error. A thrown error
///   fails the test in Swift Testing and in XCTest alike.
public struct ReferenceImages: Sendable {
  /// The environment variable that asks for every reference to be recorded again.
  public static let recordVariable = "STRATA_RECORD_REFERENCES"

  /// The folder of the references.
  public let directory: URL

  /// References in `directory`.
  public init(directory: URL) { self.directory = directory }

  /// References in the `Golden` folder beside the test file at `filePath` (pass `#filePath`).
  public init(besideTestFile filePath: String, folder: String = "Golden") {
    directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
      .appendingPathComponent(folder)
  }

  /// Whether references are being recorded again.
  public static var isRecording: Bool {
    let env = ProcessInfo.processInfo.environment
    return env[recordVariable] == "1" || env["STRATA_RECORD_GOLDENS"] == "1"
  }

  /// The path of the reference called `name`.
  public func path(of name: String) -> String {
    directory.appendingPathComponent("\(name).png").path
  }

  /// The names of the references in the folder (without `.png`), sorted.
  public func names() -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.sorted()
  }

  /// The references in the folder that are not in `expected` (no test checks them), and the
  /// names in `expected` with no file (a test would record them): both empty when every
  /// reference has a test and every test its reference.
  public func audit(expected: Set<String>) -> (unchecked: Set<String>, missing: Set<String>) {
    let onDisk = Set(names())
    return (onDisk.subtracting(expected), expected.subtracting(onDisk))
  }

  /// Compares `image` with the reference `name`, within `tolerance`.
  ///
  /// - Throws: ``ReferenceMismatch`` when they differ by more than the tolerance,
  ///   ``RecordedReference`` when the reference was missing and has just been recorded,
  ///   ``MissingReference`` when it is missing in CI, and the codec's errors.
  public func check(_ image: RasterImage, named name: String, tolerance: ImageTolerance = .exact)
    throws
  {
    let path = self.path(of: name)
    let exists = FileManager.default.fileExists(atPath: path)
    if Self.isRecording || !exists {
      if !exists && ProcessInfo.processInfo.environment["CI"] != nil && !Self.isRecording {
        throw MissingReference(path: path)
      }
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try PNGEncoder(mode: .small).write(image, to: path)
      // Asked for (the variable set): quietly; found missing: said, once.
      if !Self.isRecording { throw RecordedReference(path: path) }
      return
    }
    let reference = try PNGDecoder().decodeFile(path)
    let difference = ImageDifference(image, reference)
    guard !tolerance.allows(difference) else { return }
    let temporary = FileManager.default.temporaryDirectory
    let actual = temporary.appendingPathComponent("\(name)-actual.png").path
    try? PNGEncoder().write(image, to: actual)
    var differencePath: String?
    if let picture = ImageDifference.picture(image, reference) {
      let p = temporary.appendingPathComponent("\(name)-difference.png").path
      if (try? PNGEncoder().write(picture, to: p)) != nil { differencePath = p }
    }
    throw ReferenceMismatch(
      name: name, difference: difference, actualPath: actual, differencePath: differencePath,
      referencePath: path)
  }

  /// Renders `controller` at `pagePosition` and `scale` and compares it with the reference
  /// `name`; see ``check(_:named:tolerance:)``.
  public func check(
    _ controller: TutorialController, atPage pagePosition: Double, scale: Double = 2,
    named name: String, tolerance: ImageTolerance = .exact
  ) throws {
    let image = try FrameRenderer(scale: scale).render(controller, pagePosition: pagePosition)
    try check(image, named: name, tolerance: tolerance)
  }
}

/// Renders `controller` at `pagePosition` and compares the frame with the reference PNG called
/// `name` in the `Golden` folder beside the calling test file; see ``ReferenceImages``.
///
/// ```swift
/// @Test func welcomeHalfWay() throws {
///   try assertFrame(of: Welcome(), atPage: 1.5, scale: 2, matches: "welcome-1.5")
/// }
/// ```
public func assertFrame(
  of controller: TutorialController, atPage pagePosition: Double, scale: Double = 2,
  matches name: String, tolerance: ImageTolerance = .exact, filePath: String = #filePath
) throws {
  try ReferenceImages(besideTestFile: filePath).check(
    controller, atPage: pagePosition, scale: scale, named: name, tolerance: tolerance)
}
