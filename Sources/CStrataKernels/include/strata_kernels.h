// Pixel loops of StrataRender written for wider vector units than the baseline the Swift code is
// compiled for (x86-64 with AVX2, chosen at run time). Each gives exactly the bytes of its Swift
// counterpart in Pixels.swift; when the processor lacks the unit, Swift's own loops run instead.
#ifndef STRATA_KERNELS_H
#define STRATA_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

/// Whether the kernels below can run on this processor (asks the processor each time).
bool strata_kernels_available(void);

/// strata_kernels_available()'s answer, asked once when the program is loaded (by a constructor
/// function, before any thread of the program runs); false until then.
extern bool strata_wide_kernels_flag;

/// strata_wide_kernels_flag, read without a call: what the pixel loops test on every span.
static inline bool strata_wide_kernels(void) { return strata_wide_kernels_flag; }

/// Source-over of `count` premultiplied pixels onto `dst`: each source (`colors[i]`, or `solid`
/// when `colors` is null) scaled by its coverage (`coverage[i]`, or `uniform` when `coverage` is
/// null) first. The arithmetic of Pixels.blend.
void strata_blend(uint32_t *dst, const uint32_t *colors, uint32_t solid, const uint8_t *coverage,
                  uint32_t uniform, intptr_t count);

/// values[i] = values[i] * factors[i] / 255, rounded to nearest, as Pixels.multiply.
void strata_multiply(uint8_t *values, const uint8_t *factors, intptr_t count);

/// Colours of `count` pixels of a radial gradient padded at its ends, from device column `x`:
/// for column c, px = c + 0.5, dx = a·px + rowX, dy = b·px + rowY, t = √((dx² + dy²)·r2),
/// and the colour is table[index(t)] (0 for t ≤ 0 or NaN, 255 for t ≥ 1, else t·255 + 0.5
/// truncated). The arithmetic of Shader.shade, operation for operation.
void strata_radial_pad(uint32_t *out, const uint32_t *table, intptr_t count, intptr_t x, double a,
                       double b, double rowX, double rowY, double r2);

/// Colours of `count` pixels of a linear gradient padded at its ends: t = kx·(c + 0.5) + row
/// for column c from `x`, and the colour is table[index(t)], as in strata_radial_pad.
void strata_linear_pad(uint32_t *out, const uint32_t *table, intptr_t count, intptr_t x, double kx,
                       double row);

/// Bilinear samples of `count` pixels of device row `py` (its centre) from column `x`, of the
/// premultiplied `w`×`h` pixels `src` seen through the device-to-image transform `inv` (a, b,
/// c, d, tx, ty), clamped to the edge; a pixel whose position is not finite is clear. The
/// arithmetic of Shader.sampleBilinear, operation for operation.
void strata_bilinear(uint32_t *out, const uint32_t *src, intptr_t w, intptr_t h,
                     const double *inv, intptr_t x, double py, intptr_t count);

/// The Adler-32 checksum (RFC 1950) of the bytes whose checksum is `adler` followed by `count`
/// bytes of `data` (1 for none before).
uint32_t strata_adler32(uint32_t adler, const uint8_t *data, intptr_t count);

/// One row of `width` RGBA pixels as RGB with PNG's Sub filter: out[3i + c] = rgba[4i + c] −
/// rgba[4(i − 1) + c] (the first pixel as it is); writes exactly 3·width bytes. Returns the AND
/// of every pixel's alpha (255 only if all are opaque).
uint8_t strata_sub_rgb(uint8_t *out, const uint8_t *rgba, intptr_t width);

/// A row of a bilinearly up-sampled mask from two rows widened across columns (each value a
/// byte × 256): out[i] = (top[i]·(256 − fy) + bottom[i]·fy + 32768) >> 16, for fy ≤ 256 and
/// values ≤ 65,280.
void strata_lerp_rows(uint8_t *out, const uint32_t *top, const uint32_t *bottom, intptr_t count,
                      uint32_t fy);

#endif
