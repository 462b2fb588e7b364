// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation, AlwaysUseLowerCamelCase

// (Apple documents these declarations; a stand-in repeats their signatures only.)
// Stand-in for the parts of SwiftUI StrataUIKit uses (Linux type-check only).
import UIKit

@MainActor public protocol UIViewRepresentable: View where Body == Never {
  associatedtype UIViewType: UIView
  associatedtype Coordinator = Void
  typealias Context = UIViewRepresentableContext<Self>
  func makeUIView(context: Context) -> UIViewType
  func updateUIView(_ uiView: UIViewType, context: Context)
  static func dismantleUIView(_ uiView: UIViewType, coordinator: Coordinator)
  func makeCoordinator() -> Coordinator
}

extension UIViewRepresentable {
  public static func dismantleUIView(_ uiView: UIViewType, coordinator: Coordinator) {}
}

extension UIViewRepresentable where Coordinator == Void {
  public func makeCoordinator() {}
}

@MainActor public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
  public let coordinator: Representable.Coordinator
  /// Stand-in only: a context as SwiftUI makes one.
  public init(coordinator: Representable.Coordinator) { self.coordinator = coordinator }
}

// What the documentation's SwiftUI example uses.

@MainActor public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { self }
}

extension UIViewRepresentable {
  /// SwiftUI draws a representable through its view; it has no body of its own.
  public var body: Never { preconditionFailure("a representable has no body") }
}

public struct Text: View {
  public init(_ text: String) {}
  public var body: Never { preconditionFailure("a primitive view has no body") }
}

public struct Button<Label: View>: View {
  public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
  public var body: Never { preconditionFailure("a primitive view has no body") }
}

public struct ModifiedContent<Content>: View {
  public var body: Never { preconditionFailure("a primitive view has no body") }
}

extension View {
  public func fullScreenCover<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping () -> Content
  ) -> some View { ModifiedContent<Self>() }
  public func ignoresSafeArea() -> some View { ModifiedContent<Self>() }
}

@resultBuilder public enum ViewBuilder {
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

@propertyWrapper public struct Binding<Value> {
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
  let get: () -> Value
  let set: (Value) -> Void
}

@MainActor @propertyWrapper public struct State<Value> {
  private final class Box {
    var value: Value
    init(_ value: Value) { self.value = value }
  }
  private let box: Box
  public init(wrappedValue: Value) { box = Box(wrappedValue) }
  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.value = newValue }
  }
  public var projectedValue: Binding<Value> {
    Binding(get: { box.value }, set: { box.value = $0 })
  }
}
