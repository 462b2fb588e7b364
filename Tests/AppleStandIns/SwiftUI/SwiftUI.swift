// Stand-in for the parts of SwiftUI StrataUIKit uses (Linux type-check only).
import UIKit

@MainActor public protocol UIViewRepresentable {
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
