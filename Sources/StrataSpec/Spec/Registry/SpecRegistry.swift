import Strata

/// The spec's vocabulary, declared once: every node type and animator with its keys (their
/// shapes, whether required, what they mean), how it is built and how it is exported.
///
/// Everything else derives from here: ``SpecSchema``'s `node` and `animator` definitions (so the
/// checker, `strata schema` and the key reference in Docs/Spec.md), the animators' `Codable`
/// form, ``SpecLoader``'s builder and ``SpecExporter``. Adding an animator is one entry in
/// `SpecRegistry+Animators.swift`; adding a node type, one entry in
/// `SpecRegistry+Nodes.swift` and its keys on ``NodeSpec`` (one shape for every node, so that a
/// designer changes a node's kind by changing `type`; a test holds the two to the same keys).
public enum SpecRegistry {
  /// The animators, in the order they are documented.
  public static var animators: [SpecAnimatorKind] { animatorKinds }

  /// The node types, from the most general to the most specific: the exporter asks the last
  /// first, so a subclass's kind is found before its superclass's.
  public static var nodes: [SpecNodeKind] { nodeKinds }

  /// The animator named `name`.
  public static func animator(named name: String) -> SpecAnimatorKind? {
    animatorsByName[name]
  }

  /// The node type named `name`.
  public static func node(named name: String) -> SpecNodeKind? {
    nodesByName[name]
  }

  static let animatorsByName = Dictionary(
    animatorKinds.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
  static let nodesByName = Dictionary(
    nodeKinds.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

  /// The animators as the `animator` definition's variants, chosen by `name`.
  static var animatorVariants: SchemaVariants {
    SchemaVariants(key: "name", noun: "animator", cases: animatorKinds.map(\.variant))
  }

  /// The node types as the `node` definition's variants, chosen by `type`.
  static var nodeVariants: SchemaVariants {
    SchemaVariants(
      key: "type", defaultCase: "group", noun: "node", cases: nodeKinds.map(\.variant))
  }
}

/// An animator a spec can name: its parameters, and how it is built and exported.
public struct SpecAnimatorKind: Sendable {
  /// Its name, what it does, and its parameters.
  public let variant: SchemaVariant
  /// The animation for a spec (checked).
  let build: @Sendable (AnimatorSpec) -> (any PageAnimation)?
  /// The parameters of `animation` when it is this kind, else `nil` (see ``parameters(of:)``).
  let export: @Sendable (any PageAnimation) -> [String: JSONValue]?
  /// Checks the schema cannot express: each problem's path below the animator's, and message.
  let check: @Sendable (AnimatorSpec) -> [(path: String, message: String)]

  /// The animator's name.
  public var name: String { variant.name }

  /// The parameters a spec gives for `animation` when it is this kind (those equal to their
  /// declared default left out), else `nil`.
  func parameters(of animation: any PageAnimation) -> [String: JSONValue]? {
    guard var parameters = export(animation) else { return nil }
    for field in variant.fields where field.defaultValue != nil {
      if parameters[field.name] == field.defaultValue { parameters[field.name] = nil }
    }
    return parameters
  }

  init(
    _ name: String, _ summary: String, _ parameters: [SchemaField],
    build: @escaping @Sendable (AnimatorSpec) -> (any PageAnimation)?,
    export: @escaping @Sendable (any PageAnimation) -> [String: JSONValue]?,
    check: @escaping @Sendable (AnimatorSpec) -> [(path: String, message: String)] = { _ in [] }
  ) {
    variant = SchemaVariant(name, summary, parameters)
    self.build = build
    self.export = export
    self.check = check
  }
}

/// A node type a spec can name: its keys, and how it is built and exported.
public struct SpecNodeKind: Sendable {
  /// Its name, what it is, and its keys besides the common ones.
  public let variant: SchemaVariant
  /// The node for a spec (checked), before the common keys are applied.
  let build: @Sendable (NodeSpec, SpecBuilder.NodeContext) -> Node
  /// A spec with this type and the content keys of `node` when it is this kind, else `nil`.
  let export: @Sendable (Node, SpecExporter, SpecExporter.State) -> NodeSpec?

  /// The type's name.
  public var name: String { variant.name }

  init(
    _ name: String, _ summary: String, _ fields: [SchemaField],
    build: @escaping @Sendable (NodeSpec, SpecBuilder.NodeContext) -> Node,
    export: @escaping @Sendable (Node, SpecExporter, SpecExporter.State) -> NodeSpec?
  ) {
    variant = SchemaVariant(name, summary, fields)
    self.build = build
    self.export = export
  }
}
