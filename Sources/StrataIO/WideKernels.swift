import CStrataKernels

/// Whether the pixel and checksum loops run the C kernels for the processor's wider vector unit
/// (AVX2 on x86-64) instead of the Swift loops compiled for the baseline: asked once. The bytes
/// are the same either way (tests compare them).
package enum WideKernels {
  /// True when the wider kernels are available on this processor.
  package static let available = strata_kernels_available()
}
