#include "strata_kernels.h"

bool strata_wide_kernels_flag = false;

__attribute__((constructor)) static void strata_ask_for_wide_kernels(void) {
  strata_wide_kernels_flag = strata_kernels_available();
}

// a·b + c must stay two roundings, as in Swift, never one fused multiply-add.
#pragma STDC FP_CONTRACT OFF

static inline uint32_t gradient_index(double t) {
  if (!(t > 0)) return 0;
  if (t >= 1) return 255;
  return (uint32_t)(t * 255 + 0.5);
}

static void radial_pad_from(uint32_t *out, const uint32_t *table, intptr_t from, intptr_t count,
                            intptr_t x, double a, double b, double rowX, double rowY, double r2) {
  for (intptr_t i = from; i < count; i++) {
    double px = (double)(x + i) + 0.5;
    double dx = a * px + rowX;
    double dy = b * px + rowY;
    double t = __builtin_sqrt((dx * dx + dy * dy) * r2);
    out[i] = table[gradient_index(t)];
  }
}

static void linear_pad_from(uint32_t *out, const uint32_t *table, intptr_t from, intptr_t count,
                            intptr_t x, double kx, double row) {
  for (intptr_t i = from; i < count; i++) {
    out[i] = table[gradient_index(kx * ((double)(x + i) + 0.5) + row)];
  }
}

static inline uint32_t lerp1(uint32_t a, uint32_t b, uint32_t f) {
  uint32_t g = 256 - f;
  uint32_t rb = (((a & 0x00FF00FFu) * g + (b & 0x00FF00FFu) * f) >> 8) & 0x00FF00FFu;
  uint32_t ga = ((((a >> 8) & 0x00FF00FFu) * g + ((b >> 8) & 0x00FF00FFu) * f) >> 8) & 0x00FF00FFu;
  return rb | (ga << 8);
}

static void bilinear_from(uint32_t *out, const uint32_t *src, intptr_t w, intptr_t h,
                          const double *inv, intptr_t x, double py, intptr_t from,
                          intptr_t count) {
  double maxX = (double)(w - 1), maxY = (double)(h - 1);
  for (intptr_t i = from; i < count; i++) {
    double px = (double)(x + i) + 0.5;
    double u = inv[0] * px + inv[2] * py + inv[4] - 0.5;
    double v = inv[1] * px + inv[3] * py + inv[5] - 0.5;
    if (!__builtin_isfinite(u) || !__builtin_isfinite(v)) {
      out[i] = 0;
      continue;
    }
    double cu = u < 0 ? 0 : (u > maxX ? maxX : u);
    double cv = v < 0 ? 0 : (v > maxY ? maxY : v);
    intptr_t x0 = (intptr_t)cu, y0 = (intptr_t)cv;
    uint32_t fx = (uint32_t)((cu - (double)x0) * 256);
    uint32_t fy = (uint32_t)((cv - (double)y0) * 256);
    intptr_t x1 = x0 + 1 < w ? x0 + 1 : x0;
    intptr_t row0 = y0 * w, row1 = (y0 + 1 < h ? y0 + 1 : y0) * w;
    uint32_t top = lerp1(src[row0 + x0], src[row0 + x1], fx);
    uint32_t bottom = lerp1(src[row1 + x0], src[row1 + x1], fx);
    out[i] = lerp1(top, bottom, fy);
  }
}

// Scalar forms, for the pixels left after the last whole vector. Packed pixels: red in the low
// byte, two channels per 32-bit word processed at once (see Pixels.swift).
static inline uint32_t scale1(uint32_t p, uint32_t a) {
  uint32_t rb = (p & 0x00FF00FFu) * a + 0x00800080u;
  rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
  uint32_t ga = ((p >> 8) & 0x00FF00FFu) * a + 0x00800080u;
  ga = (ga + ((ga >> 8) & 0x00FF00FFu)) & ~0x00FF00FFu;
  return rb | ga;
}

static inline uint32_t over1(uint32_t src, uint32_t dst) {
  uint32_t sa = src >> 24;
  if (sa == 255) return src;
  return src + scale1(dst, 255 - sa);
}

static inline uint8_t div255(uint32_t x) {
  uint32_t t = x + 128;
  return (uint8_t)((t + (t >> 8)) >> 8);
}

// Adler-32 one byte at a time, from `from` to `count`; `a` and `b` stay below 2^32 for 5,552
// bytes after a reduction.
static uint32_t adler_from(uint64_t a, uint64_t b, const uint8_t *data, intptr_t from,
                           intptr_t count) {
  for (intptr_t i = from; i < count; i++) {
    a += data[i];
    b += a;
    if ((i & 4095) == 4095) {
      a %= 65521;
      b %= 65521;
    }
  }
  return (uint32_t)((b % 65521) << 16 | (a % 65521));
}

// strata_sub_rgb one pixel at a time from pixel `from` (≥ 1), with the alphas so far.
static uint8_t sub_rgb_from(uint8_t *out, const uint8_t *rgba, intptr_t from, intptr_t width,
                            uint8_t alphas) {
  for (intptr_t i = from; i < width; i++) {
    for (int c = 0; c < 3; c++) out[3 * i + c] = (uint8_t)(rgba[4 * i + c] - rgba[4 * i + c - 4]);
    alphas &= rgba[4 * i + 3];
  }
  return alphas;
}

// strata_lerp_rows one value at a time from `from`.
static void lerp_rows_from(uint8_t *out, const uint32_t *top, const uint32_t *bottom,
                           intptr_t from, intptr_t count, uint32_t fy) {
  for (intptr_t i = from; i < count; i++)
    out[i] = (uint8_t)((top[i] * (256 - fy) + bottom[i] * fy + 32768) >> 16);
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>

bool strata_kernels_available(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
  // The operating system must save the 256-bit registers (OSXSAVE, then XCR0 bits 1 and 2).
  if (!(c & (1u << 27))) return false;
  unsigned lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  if ((lo & 6u) != 6u) return false;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
  return (b & (1u << 5)) != 0;  // AVX2
}

// Every channel of eight pixels times its weight / 255, rounded: the two channels of each
// 16-bit half multiplied in 16-bit lanes (nothing exceeds 16 bits). `a16` holds each pixel's
// weight in both halves.
__attribute__((target("avx2"))) static inline __m256i scale8(__m256i p, __m256i a16) {
  const __m256i low = _mm256_set1_epi16(0x00FF);
  const __m256i half = _mm256_set1_epi16(0x0080);
  __m256i rb = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(p, low), a16), half);
  rb = _mm256_srli_epi16(_mm256_add_epi16(rb, _mm256_srli_epi16(rb, 8)), 8);
  __m256i ga = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(p, 8), a16), half);
  ga = _mm256_andnot_si256(low, _mm256_add_epi16(ga, _mm256_srli_epi16(ga, 8)));
  return _mm256_or_si256(rb, ga);
}

// A 32-bit weight per pixel (0...255) in both 16-bit halves.
__attribute__((target("avx2"))) static inline __m256i widen(__m256i w32) {
  return _mm256_or_si256(w32, _mm256_slli_epi32(w32, 16));
}

__attribute__((target("avx2"))) void strata_blend(uint32_t *dst, const uint32_t *colors,
                                                  uint32_t solid, const uint8_t *coverage,
                                                  uint32_t uniform, intptr_t count) {
  intptr_t i = 0;
  const __m256i solid8 = _mm256_set1_epi32((int)solid);
  const __m256i uniform16 = _mm256_set1_epi16((short)uniform);
  const __m256i full = _mm256_set1_epi16(255);
  for (; i + 8 <= count; i += 8) {
    __m256i src = colors ? _mm256_loadu_si256((const __m256i *)(colors + i)) : solid8;
    __m256i cov16 = uniform16;
    if (coverage) {
      __m128i bytes = _mm_loadl_epi64((const __m128i *)(coverage + i));
      cov16 = widen(_mm256_cvtepu8_epi32(bytes));
    }
    __m256i s = scale8(src, cov16);
    __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
    __m256i inv = _mm256_sub_epi16(full, widen(_mm256_srli_epi32(s, 24)));
    _mm256_storeu_si256((__m256i *)(dst + i), _mm256_add_epi32(s, scale8(d, inv)));
  }
  for (; i < count; i++) {
    uint32_t c = coverage ? coverage[i] : uniform;
    if (c != 0) {
      uint32_t src = colors ? colors[i] : solid;
      dst[i] = over1(c == 255 ? src : scale1(src, c), dst[i]);
    }
  }
}

// lerp1 on four pixels, each with its own weight, in 16-bit lanes: a channel's two products sum
// to at most 255 · 256, so nothing carries between channels.
__attribute__((target("avx2"))) static inline __m128i lerp4(__m128i a, __m128i b, __m128i f) {
  const __m128i low = _mm_set1_epi16(0x00FF);
  __m128i f16 = _mm_or_si128(f, _mm_slli_epi32(f, 16));
  __m128i g16 = _mm_sub_epi16(_mm_set1_epi16(256), f16);
  __m128i rb = _mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(a, low), g16),
                             _mm_mullo_epi16(_mm_and_si128(b, low), f16));
  __m128i ga = _mm_add_epi16(_mm_mullo_epi16(_mm_srli_epi16(a, 8), g16),
                             _mm_mullo_epi16(_mm_srli_epi16(b, 8), f16));
  return _mm_or_si128(_mm_srli_epi16(rb, 8), _mm_andnot_si128(low, ga));
}

// Four pixels a step: their positions in doubles (the scalar operations in the same order),
// clamped, truncated, the four neighbours gathered and blended. A step with a position that is
// not finite goes through the scalar form, which clears such pixels.
__attribute__((target("avx2"))) void strata_bilinear(uint32_t *out, const uint32_t *src,
                                                     intptr_t w, intptr_t h, const double *inv,
                                                     intptr_t x, double py, intptr_t count) {
  intptr_t i = 0;
  if (w > 0 && h > 0 && w * h <= INT32_MAX) {
    const __m256d columns = _mm256_setr_pd(0.5, 1.5, 2.5, 3.5);
    const __m256d va = _mm256_set1_pd(inv[0]), vb = _mm256_set1_pd(inv[1]);
    const __m256d cpy = _mm256_set1_pd(inv[2] * py), dpy = _mm256_set1_pd(inv[3] * py);
    const __m256d vtx = _mm256_set1_pd(inv[4]), vty = _mm256_set1_pd(inv[5]);
    const __m256d half = _mm256_set1_pd(0.5), zero = _mm256_setzero_pd();
    const __m256d maxX = _mm256_set1_pd((double)(w - 1)), maxY = _mm256_set1_pd((double)(h - 1));
    const __m256d scale = _mm256_set1_pd(256), huge = _mm256_set1_pd(__builtin_inf());
    const __m256d sign = _mm256_set1_pd(-0.0);
    const __m128i one = _mm_set1_epi32(1), width = _mm_set1_epi32((int)w);
    const __m128i lastX = _mm_set1_epi32((int)(w - 1)), lastY = _mm_set1_epi32((int)(h - 1));
    for (; i + 4 <= count; i += 4) {
      __m256d px = _mm256_add_pd(_mm256_set1_pd((double)(x + i)), columns);
      __m256d u = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(va, px), cpy), vtx);
      __m256d v = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(vb, px), dpy), vty);
      u = _mm256_sub_pd(u, half);
      v = _mm256_sub_pd(v, half);
      __m256d finite = _mm256_and_pd(_mm256_cmp_pd(_mm256_andnot_pd(sign, u), huge, _CMP_LT_OQ),
                                     _mm256_cmp_pd(_mm256_andnot_pd(sign, v), huge, _CMP_LT_OQ));
      if (_mm256_movemask_pd(finite) != 0xF) {
        bilinear_from(out, src, w, h, inv, x, py, i, i + 4);
        continue;
      }
      __m256d cu = _mm256_blendv_pd(u, zero, _mm256_cmp_pd(u, zero, _CMP_LT_OQ));
      cu = _mm256_blendv_pd(cu, maxX, _mm256_cmp_pd(cu, maxX, _CMP_GT_OQ));
      __m256d cv = _mm256_blendv_pd(v, zero, _mm256_cmp_pd(v, zero, _CMP_LT_OQ));
      cv = _mm256_blendv_pd(cv, maxY, _mm256_cmp_pd(cv, maxY, _CMP_GT_OQ));
      __m128i x0 = _mm256_cvttpd_epi32(cu), y0 = _mm256_cvttpd_epi32(cv);
      __m256d ru = _mm256_sub_pd(cu, _mm256_cvtepi32_pd(x0));
      __m256d rv = _mm256_sub_pd(cv, _mm256_cvtepi32_pd(y0));
      __m128i fx = _mm256_cvttpd_epi32(_mm256_mul_pd(ru, scale));
      __m128i fy = _mm256_cvttpd_epi32(_mm256_mul_pd(rv, scale));
      __m128i x1 = _mm_min_epi32(_mm_add_epi32(x0, one), lastX);
      __m128i row0 = _mm_mullo_epi32(y0, width);
      __m128i row1 = _mm_mullo_epi32(_mm_min_epi32(_mm_add_epi32(y0, one), lastY), width);
      const int *base = (const int *)src;
      __m128i p00 = _mm_i32gather_epi32(base, _mm_add_epi32(row0, x0), 4);
      __m128i p01 = _mm_i32gather_epi32(base, _mm_add_epi32(row0, x1), 4);
      __m128i p10 = _mm_i32gather_epi32(base, _mm_add_epi32(row1, x0), 4);
      __m128i p11 = _mm_i32gather_epi32(base, _mm_add_epi32(row1, x1), 4);
      __m128i top = lerp4(p00, p01, fx), bottom = lerp4(p10, p11, fx);
      _mm_storeu_si128((__m128i *)(out + i), lerp4(top, bottom, fy));
    }
  }
  bilinear_from(out, src, w, h, inv, x, py, i, count);
}

__attribute__((target("avx2"))) void strata_multiply(uint8_t *values, const uint8_t *factors,
                                                     intptr_t count) {
  intptr_t i = 0;
  const __m256i round = _mm256_set1_epi16(128);
  for (; i + 16 <= count; i += 16) {
    __m256i v = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(values + i)));
    __m256i f = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(factors + i)));
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(v, f), round);
    __m256i q = _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
    // Back to bytes: pack the two 128-bit halves (each lane is at most 255).
    __m128i packed = _mm_packus_epi16(_mm256_castsi256_si128(q), _mm256_extracti128_si256(q, 1));
    _mm_storeu_si128((__m128i *)(values + i), packed);
  }
  for (; i < count; i++) values[i] = div255((uint32_t)values[i] * factors[i]);
}

// Four gradient positions to table indices, as gradient_index does.
__attribute__((target("avx2"))) static inline __m128i gradient_indices(__m256d t) {
  const __m256d zero = _mm256_setzero_pd();
  const __m256d one = _mm256_set1_pd(1);
  __m256d v = _mm256_add_pd(_mm256_mul_pd(t, _mm256_set1_pd(255)), _mm256_set1_pd(0.5));
  v = _mm256_blendv_pd(v, _mm256_set1_pd(255), _mm256_cmp_pd(t, one, _CMP_GE_OQ));
  v = _mm256_and_pd(v, _mm256_cmp_pd(t, zero, _CMP_GT_OQ));
  return _mm256_cvttpd_epi32(v);
}

__attribute__((target("avx2"))) void strata_radial_pad(uint32_t *out, const uint32_t *table,
                                                       intptr_t count, intptr_t x, double a,
                                                       double b, double rowX, double rowY,
                                                       double r2) {
  intptr_t i = 0;
  const __m256d columns = _mm256_setr_pd(0.5, 1.5, 2.5, 3.5);
  const __m256d va = _mm256_set1_pd(a), vb = _mm256_set1_pd(b);
  const __m256d vx = _mm256_set1_pd(rowX), vy = _mm256_set1_pd(rowY), vr = _mm256_set1_pd(r2);
  for (; i + 4 <= count; i += 4) {
    __m256d px = _mm256_add_pd(_mm256_set1_pd((double)(x + i)), columns);
    __m256d dx = _mm256_add_pd(_mm256_mul_pd(va, px), vx);
    __m256d dy = _mm256_add_pd(_mm256_mul_pd(vb, px), vy);
    __m256d q = _mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy)), vr);
    __m128i idx = gradient_indices(_mm256_sqrt_pd(q));
    _mm_storeu_si128((__m128i *)(out + i), _mm_i32gather_epi32((const int *)table, idx, 4));
  }
  radial_pad_from(out, table, i, count, x, a, b, rowX, rowY, r2);
}

__attribute__((target("avx2"))) void strata_linear_pad(uint32_t *out, const uint32_t *table,
                                                       intptr_t count, intptr_t x, double kx,
                                                       double row) {
  intptr_t i = 0;
  const __m256d columns = _mm256_setr_pd(0.5, 1.5, 2.5, 3.5);
  const __m256d vk = _mm256_set1_pd(kx), vrow = _mm256_set1_pd(row);
  for (; i + 4 <= count; i += 4) {
    __m256d px = _mm256_add_pd(_mm256_set1_pd((double)(x + i)), columns);
    __m128i idx = gradient_indices(_mm256_add_pd(_mm256_mul_pd(vk, px), vrow));
    _mm_storeu_si128((__m128i *)(out + i), _mm_i32gather_epi32((const int *)table, idx, 4));
  }
  linear_pad_from(out, table, i, count, x, kx, row);
}

// Thirty-two bytes a step. Over a chunk of k steps from sums a0, b0: a gains every byte; b gains
// 32·k·a0, 32 times the byte sums held before each step, and each byte weighted by 32 − its
// place in the step. Byte sums come from SAD against zero, weighted sums from maddubs (u8 × s8,
// pairs added) then madd by ones; chunks of 1,024 steps keep every 32-bit lane from overflowing.
__attribute__((target("avx2"))) uint32_t strata_adler32(uint32_t adler, const uint8_t *data,
                                                        intptr_t count) {
  uint64_t a = adler & 0xFFFF, b = adler >> 16;
  const __m256i zero = _mm256_setzero_si256();
  const __m256i ones = _mm256_set1_epi16(1);
  const __m256i weights = _mm256_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20,
                                           19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
                                           5, 4, 3, 2, 1);
  intptr_t i = 0;
  while (count - i >= 32) {
    intptr_t steps = (count - i) / 32;
    if (steps > 1024) steps = 1024;
    __m256i sums = zero, before = zero, weighted = zero;
    for (intptr_t k = 0; k < steps; k++, i += 32) {
      __m256i v = _mm256_loadu_si256((const __m256i *)(data + i));
      before = _mm256_add_epi32(before, sums);
      sums = _mm256_add_epi32(sums, _mm256_sad_epu8(v, zero));
      weighted = _mm256_add_epi32(weighted,
                                  _mm256_madd_epi16(_mm256_maddubs_epi16(v, weights), ones));
    }
    uint32_t s[8], p[8], w[8];
    _mm256_storeu_si256((__m256i *)s, sums);
    _mm256_storeu_si256((__m256i *)p, before);
    _mm256_storeu_si256((__m256i *)w, weighted);
    uint64_t sum = 0, prior = 0, weight = 0;
    for (int l = 0; l < 8; l++) {
      sum += s[l];
      prior += p[l];
      weight += w[l];
    }
    b = (b + 32 * (uint64_t)steps * a + 32 * prior + weight) % 65521;
    a = (a + sum) % 65521;
  }
  return adler_from(a, b, data, i, count);
}

// Eight pixels a step: each less the pixel before (one load four bytes back), alphas ANDed, and
// each 128-bit half's four pixels packed to twelve bytes. A half is stored as sixteen bytes, the
// last four overwritten by what follows, so steps stop two pixels before the row's end.
__attribute__((target("avx2"))) uint8_t strata_sub_rgb(uint8_t *out, const uint8_t *rgba,
                                                       intptr_t width) {
  if (width <= 0) return 255;
  out[0] = rgba[0];
  out[1] = rgba[1];
  out[2] = rgba[2];
  const __m256i pack = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                                        0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
  __m256i alphas = _mm256_set1_epi8((char)0xFF);
  intptr_t i = 1;
  for (; i + 10 <= width; i += 8) {
    __m256i current = _mm256_loadu_si256((const __m256i *)(rgba + 4 * i));
    __m256i previous = _mm256_loadu_si256((const __m256i *)(rgba + 4 * i - 4));
    alphas = _mm256_and_si256(alphas, current);
    __m256i packed = _mm256_shuffle_epi8(_mm256_sub_epi8(current, previous), pack);
    _mm_storeu_si128((__m128i *)(out + 3 * i), _mm256_castsi256_si128(packed));
    _mm_storeu_si128((__m128i *)(out + 3 * i + 12), _mm256_extracti128_si256(packed, 1));
  }
  uint32_t lanes[8];
  _mm256_storeu_si256((__m256i *)lanes, alphas);
  uint32_t all = (uint32_t)rgba[3] << 24 | 0xFFFFFFu;
  for (int l = 0; l < 8; l++) all &= lanes[l];
  return sub_rgb_from(out, rgba, i, width, (uint8_t)(all >> 24));
}

// Sixteen values a step: two sets of eight 32-bit products and sums, shifted, packed to bytes.
__attribute__((target("avx2"))) void strata_lerp_rows(uint8_t *out, const uint32_t *top,
                                                      const uint32_t *bottom, intptr_t count,
                                                      uint32_t fy) {
  const __m256i wt = _mm256_set1_epi32((int)(256 - fy));
  const __m256i wb = _mm256_set1_epi32((int)fy);
  const __m256i half = _mm256_set1_epi32(32768);
  intptr_t i = 0;
  for (; i + 16 <= count; i += 16) {
    __m256i t0 = _mm256_loadu_si256((const __m256i *)(top + i));
    __m256i t1 = _mm256_loadu_si256((const __m256i *)(top + i + 8));
    __m256i b0 = _mm256_loadu_si256((const __m256i *)(bottom + i));
    __m256i b1 = _mm256_loadu_si256((const __m256i *)(bottom + i + 8));
    __m256i v0 = _mm256_add_epi32(_mm256_mullo_epi32(t0, wt), _mm256_mullo_epi32(b0, wb));
    __m256i v1 = _mm256_add_epi32(_mm256_mullo_epi32(t1, wt), _mm256_mullo_epi32(b1, wb));
    v0 = _mm256_srli_epi32(_mm256_add_epi32(v0, half), 16);
    v1 = _mm256_srli_epi32(_mm256_add_epi32(v1, half), 16);
    // Packing works within 128-bit halves; the permutation puts the eight words in order.
    __m256i words = _mm256_permute4x64_epi64(_mm256_packus_epi32(v0, v1), 0xD8);
    __m128i bytes = _mm_packus_epi16(_mm256_castsi256_si128(words),
                                     _mm256_extracti128_si256(words, 1));
    _mm_storeu_si128((__m128i *)(out + i), bytes);
  }
  lerp_rows_from(out, top, bottom, i, count, fy);
}

#else

bool strata_kernels_available(void) { return false; }

void strata_lerp_rows(uint8_t *out, const uint32_t *top, const uint32_t *bottom, intptr_t count,
                      uint32_t fy) {
  lerp_rows_from(out, top, bottom, 0, count, fy);
}

uint8_t strata_sub_rgb(uint8_t *out, const uint8_t *rgba, intptr_t width) {
  if (width <= 0) return 255;
  out[0] = rgba[0];
  out[1] = rgba[1];
  out[2] = rgba[2];
  return sub_rgb_from(out, rgba, 1, width, rgba[3]);
}

uint32_t strata_adler32(uint32_t adler, const uint8_t *data, intptr_t count) {
  return adler_from(adler & 0xFFFF, adler >> 16, data, 0, count);
}

void strata_radial_pad(uint32_t *out, const uint32_t *table, intptr_t count, intptr_t x, double a,
                       double b, double rowX, double rowY, double r2) {
  radial_pad_from(out, table, 0, count, x, a, b, rowX, rowY, r2);
}

void strata_linear_pad(uint32_t *out, const uint32_t *table, intptr_t count, intptr_t x, double kx,
                       double row) {
  linear_pad_from(out, table, 0, count, x, kx, row);
}

// Not called where the kernels are unavailable; the scalar forms keep them correct regardless.
void strata_blend(uint32_t *dst, const uint32_t *colors, uint32_t solid, const uint8_t *coverage,
                  uint32_t uniform, intptr_t count) {
  for (intptr_t i = 0; i < count; i++) {
    uint32_t c = coverage ? coverage[i] : uniform;
    if (c != 0) {
      uint32_t src = colors ? colors[i] : solid;
      dst[i] = over1(c == 255 ? src : scale1(src, c), dst[i]);
    }
  }
}

void strata_multiply(uint8_t *values, const uint8_t *factors, intptr_t count) {
  for (intptr_t i = 0; i < count; i++) values[i] = div255((uint32_t)values[i] * factors[i]);
}

void strata_bilinear(uint32_t *out, const uint32_t *src, intptr_t w, intptr_t h,
                     const double *inv, intptr_t x, double py, intptr_t count) {
  bilinear_from(out, src, w, h, inv, x, py, 0, count);
}

#endif
