#ifndef STRATA_JPEG_H
#define STRATA_JPEG_H

#include <stddef.h>

/// The result of decoding a JPEG with libjpeg: 8-bit samples, `components` per pixel
/// (1 grey, 3 RGB, 4 CMYK as stored), rows top to bottom. `message` holds libjpeg's words
/// when `ok` is 0. `pixels` is malloc'd; free it with strata_jpeg_free.
typedef struct {
  int ok;
  int width;
  int height;
  int components;
  int adobe_inverted;
  unsigned char *pixels;
  char message[200];
} strata_jpeg_image;

/// Decodes `size` bytes of JPEG data, refusing images of more than `pixel_limit` pixels before
/// any pixel memory is allocated, and stopping a file of more than `max_scans` scans, or of more
/// scans × pixels than `max_work`, as it reads them. Errors from libjpeg return (through
/// setjmp) instead of exiting the process.
strata_jpeg_image strata_jpeg_decode(const unsigned char *data, size_t size, long pixel_limit,
                                     long max_scans, long max_work);

/// Frees the pixels of a decoded image.
void strata_jpeg_free(strata_jpeg_image *image);

/// Encodes 8-bit RGB (components 3), grey (components 1) or CMYK (components 4, written as
/// given, with an Adobe marker) pixels as a baseline or
/// progressive JPEG at `quality` (for tests). Returns the malloc'd bytes and their count in
/// `*size`, or NULL.
unsigned char *strata_jpeg_encode(
  const unsigned char *pixels, int width, int height, int components, int quality,
  int progressive, size_t *size);

#endif
