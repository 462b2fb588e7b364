import Foundation
import Strata
import StrataAssets
import StrataFiles
import StrataIO

/// A spec that was read and checked, with the images and drawings its files hold, ready to
/// build controllers (``makeController(pageSize:)``).
public struct LoadedSpec: Sendable {
  /// The spec.
  public var spec: TutorialSpec
  /// The folder its file paths are relative to.
  public var baseDirectory: String
  /// The images of `image` nodes and the template, by their `source` as written.
  public var images: [String: Image]
  /// The drawings of `vector` nodes with a `source`, by their `source` as written.
  public var vectors: [String: VectorImage]
  /// The animations of `lottie` nodes, by their `source` as written.
  public var animations: [String: AnimatedVectorImage] = [:]

  /// A controller showing the spec, at its page size or at `pageSize`.
  public func makeController(pageSize: Size? = nil) -> TutorialController {
    SpecBuilder(loaded: self).makeController(pageSize: pageSize)
  }
}

/// Why a spec could not be loaded: every problem found, each with its JSON path and position.
public struct SpecError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The spec file, when it came from one.
  public var file: String?
  /// The problems, in document order as far as they were found.
  public var problems: [SpecProblem]

  /// Creates an error.
  public init(file: String?, problems: [SpecProblem]) {
    self.file = file
    self.problems = problems
  }

  /// One problem per line, each prefixed with the file.
  public var description: String {
    problems.map { (file.map { "\($0): " } ?? "") + $0.description }.joined(separator: "\n")
  }
}

/// Reads spec files: parse (within ``JSONReader/Limits``), check against ``SpecSchema``,
/// decode, then check what the schema cannot see — files that are missing or unreadable, page
/// indices out of range, duplicate keyframe times, fields that do not belong to a node's type or
/// an animator — and read the images.
public enum SpecLoader {
  /// The limits documents are read with (a spec is at most 8 MiB and 64 levels deep).
  public static let limits = JSONReader.Limits()

  /// Loads the spec at `path`. The files it names must lie in the spec's folder (or below it)
  /// unless `allowsFilesOutsideFolder`: a spec from elsewhere cannot name any file the user can
  /// read (`../../.ssh/id_rsa`, `/etc/passwd`, a link out of the folder).
  public static func load(file path: String, allowsFilesOutsideFolder: Bool = false) -> Result<
    LoadedSpec, SpecError
  > {
    let bytes: [UInt8]
    do {
      bytes = try SafeFile.read(path, limit: limits.maximumBytes + 1)
    } catch {
      return .failure(
        SpecError(
          file: path, problems: [SpecProblem(path: "", message: "cannot read the file: \(error)")]))
    }
    let base = (path as NSString).deletingLastPathComponent
    return load(
      bytes, baseDirectory: base.isEmpty ? "." : base,
      allowsFilesOutsideFolder: allowsFilesOutsideFolder
    ).mapError {
      SpecError(file: path, problems: $0.problems)
    }
  }

  /// Loads a spec from `bytes`, its file paths relative to `baseDirectory` and confined to it
  /// unless `allowsFilesOutsideFolder`.
  public static func load(
    _ bytes: [UInt8], baseDirectory: String = ".", allowsFilesOutsideFolder: Bool = false
  ) -> Result<LoadedSpec, SpecError> {
    let document: JSONValue
    do {
      document = try JSONReader(limits: limits).read(bytes)
    } catch {
      return .failure(
        SpecError(
          file: nil,
          problems: [
            SpecProblem(
              path: "", message: error.description.withoutPosition, position: error.position)
          ]))
    }
    let problems = SpecChecker().check(document)
    let spec: TutorialSpec
    do {
      // The tree the checker walked, decoded: the bytes are parsed once.
      spec = try JSONValueDecoder().decode(TutorialSpec.self, from: document)
    } catch {
      guard problems.isEmpty else { return .failure(SpecError(file: nil, problems: problems)) }
      // The checker passed, so this is a shape the schema allows but the model does not.
      return .failure(
        SpecError(file: nil, problems: [SpecProblem(path: "", message: "cannot decode: \(error)")]))
    }
    // A document whose values have the model's types is checked further even when the schema
    // found problems (a key on the wrong kind of node, say), so that every problem is listed.
    var validator = SpecValidator(spec: spec, document: document, baseDirectory: baseDirectory)
    validator.confined = !allowsFilesOutsideFolder
    validator.run()
    guard problems.isEmpty && validator.problems.isEmpty else {
      return .failure(SpecError(file: nil, problems: problems + validator.problems))
    }
    return .success(
      LoadedSpec(
        spec: spec, baseDirectory: baseDirectory, images: validator.images,
        vectors: validator.vectors, animations: validator.animations))
  }

  /// The spec as JSON text: keys in the schema's order, numbers exact.
  public static func write(_ spec: TutorialSpec) -> String {
    let encoder = JSONEncoder()
    guard let data = try? encoder.encode(spec),
      let value = try? JSONReader(
        limits: JSONReader.Limits(maximumBytes: .max, maximumDepth: 256, maximumValues: .max)
      ).read(Array(data))
    else { return "{}\n" }
    return JSONWriter.write(ordered(value, .reference("spec")))
  }

  /// Orders object members as the schema lists them.
  static func ordered(_ value: JSONValue, _ schema: SchemaNode) -> JSONValue {
    switch (value.kind, schema) {
    case (_, .reference(let name)):
      guard let d = SpecSchema.definition(name) else { return value }
      return ordered(value, .object(d))
    case (.object(let members), .object(let object)):
      var out: [JSONValue.Member] = []
      for field in object.fields(for: value) {
        if let m = members.first(where: { $0.key == field.name }) {
          out.append(
            JSONValue.Member(
              key: m.key, position: m.position, value: ordered(m.value, field.schema)))
        }
      }
      return JSONValue(.object(out), at: value.position)
    case (.object(let members), .map(let item, _)):
      let sorted = members.sorted { a, b in
        if let x = Int(a.key), let y = Int(b.key) { return x < y }
        return a.key < b.key
      }
      return JSONValue(
        .object(
          sorted.map {
            JSONValue.Member(key: $0.key, position: $0.position, value: ordered($0.value, item))
          }),
        at: value.position)
    case (.array(let items), .array(let item, _, _)):
      return JSONValue(.array(items.map { ordered($0, item) }), at: value.position)
    case (_, .nullable(let inner)):
      return ordered(value, inner)
    case (_, .anyOf(let options)):
      for option in options where SpecChecker().checks(value, option) {
        return ordered(value, option)
      }
      return value
    default:
      return value
    }
  }
}

extension SpecChecker {
  /// Whether `value` fits `schema`.
  func checks(_ value: JSONValue, _ schema: SchemaNode) -> Bool {
    var problems: [SpecProblem] = []
    walk(value, schema, path: "", into: &problems)
    return problems.isEmpty
  }
}

extension String {
  /// A JSONError's description without its trailing "(line L, column C)".
  var withoutPosition: String {
    guard let r = range(of: " (line ", options: .backwards) else { return self }
    return String(self[..<r.lowerBound])
  }
}

extension JSONValue {
  /// The value at a spec path such as `layers.labels.pages[2].text` (as deep as it goes).
  func locate(_ path: String) -> JSONValue {
    var current = self
    var i = path.startIndex
    while i < path.endIndex {
      if path[i] == "." { i = path.index(after: i) }
      if i < path.endIndex, path[i] == "[" {
        guard let close = path[i...].firstIndex(of: "]"),
          let n = Int(path[path.index(after: i)..<close])
        else { return current }
        guard case .array(let items) = current.kind, n >= 0, n < items.count else { return current }
        current = items[n]
        i = path.index(after: close)
        continue
      }
      let end = path[i...].firstIndex { $0 == "." || $0 == "[" } ?? path.endIndex
      let key = String(path[i..<end])
      guard let next = current[key] else { return current }
      current = next
      i = end
    }
    return current
  }
}

extension SpecLoader {
  /// A vector document as JSON text.
  public static func writeVector(_ spec: VectorSpec) -> String {
    guard let data = try? JSONEncoder().encode(spec),
      let value = try? JSONReader(
        limits: JSONReader.Limits(maximumBytes: .max, maximumDepth: 256, maximumValues: .max)
      ).read(Array(data))
    else { return "{}\n" }
    return JSONWriter.write(ordered(value, .reference("vector")))
  }
}
