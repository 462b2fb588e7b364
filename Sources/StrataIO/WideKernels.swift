import CStrataKernels

/// Whether the pixel and checksum loops run the C kernels for the processor's wider vector unit
/// (AVX2 on x86-64) instead of the Swift loops compiled for the baseline: asked once, when the
/// program is loaded. The bytes are the same either way (tests compare them).
package enum WideKernels {
  /// True when the wider kernels are available on this processor: a plain load of the answer the
  /// C side keeps (a `static let` would go through a one-time-initialization check on every
  /// span, about 0.7 % of a frame of small fills).
  @inline(__always) package static var available: Bool { strata_wide_kernels() }
}
