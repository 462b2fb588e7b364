#include "strata_jpeg.h"

#if __has_include(<jpeglib.h>)

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
  struct jpeg_error_mgr base;
  jmp_buf jump;
  char *message;
} strata_error_mgr;

static void strata_error_exit(j_common_ptr cinfo) {
  strata_error_mgr *err = (strata_error_mgr *)cinfo->err;
  (*cinfo->err->format_message)(cinfo, err->message);
  longjmp(err->jump, 1);
}

static void strata_silent(j_common_ptr cinfo) { (void)cinfo; }

/* A progress monitor that bounds the work of a progressive file: libjpeg calls it as it reads
   the scans, and past the limits it stops the decode through the error exit. */
typedef struct {
  struct jpeg_progress_mgr base;
  long max_scans;
  long max_work;
} strata_progress_mgr;

static void strata_progress(j_common_ptr cinfo) {
  if (!cinfo->is_decompressor) return;
  j_decompress_ptr d = (j_decompress_ptr)cinfo;
  strata_progress_mgr *p = (strata_progress_mgr *)cinfo->progress;
  long scans = d->input_scan_number;
  long pixels = (long)d->image_width * (long)d->image_height;
  if (scans > p->max_scans || (pixels > 0 && scans > p->max_work / pixels)) {
    strata_error_mgr *err = (strata_error_mgr *)cinfo->err;
    snprintf(err->message, JMSG_LENGTH_MAX,
             "more than %ld scans, or %ld scans of %ld pixels: over the decoding budget",
             scans > p->max_scans ? p->max_scans : scans - 1, scans, pixels);
    longjmp(err->jump, 1);
  }
}

strata_jpeg_image strata_jpeg_decode(const unsigned char *data, size_t size, long pixel_limit,
                                     long max_scans, long max_work) {
  strata_jpeg_image out;
  memset(&out, 0, sizeof out);
  struct jpeg_decompress_struct cinfo;
  strata_error_mgr err;
  cinfo.err = jpeg_std_error(&err.base);
  err.base.error_exit = strata_error_exit;
  err.base.output_message = strata_silent;
  err.message = out.message;
  unsigned char *volatile pixels = NULL;
  if (setjmp(err.jump)) {
    jpeg_destroy_decompress(&cinfo);
    free(pixels);
    out.ok = 0;
    out.pixels = NULL;
    return out;
  }
  jpeg_create_decompress(&cinfo);
  strata_progress_mgr progress;
  memset(&progress, 0, sizeof progress);
  progress.base.progress_monitor = strata_progress;
  progress.max_scans = max_scans;
  progress.max_work = max_work;
  cinfo.progress = &progress.base;
  jpeg_mem_src(&cinfo, data, (unsigned long)size);
  jpeg_read_header(&cinfo, TRUE);
  if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
    cinfo.out_color_space = JCS_CMYK;
  } else if (cinfo.jpeg_color_space == JCS_GRAYSCALE) {
    cinfo.out_color_space = JCS_GRAYSCALE;
  } else {
    cinfo.out_color_space = JCS_RGB;
  }
  if ((long)cinfo.image_width * (long)cinfo.image_height > pixel_limit) {
    snprintf(out.message, sizeof out.message, "%ux%u exceeds the limit of %ld pixels",
             cinfo.image_width, cinfo.image_height, pixel_limit);
    jpeg_destroy_decompress(&cinfo);
    return out;
  }
  jpeg_start_decompress(&cinfo);
  int components = cinfo.output_components;
  size_t stride = (size_t)cinfo.output_width * (size_t)components;
  pixels = malloc(stride * cinfo.output_height);
  if (pixels == NULL) {
    snprintf(out.message, sizeof out.message, "out of memory");
    jpeg_destroy_decompress(&cinfo);
    return out;
  }
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = pixels + stride * cinfo.output_scanline;
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  out.adobe_inverted = cinfo.saw_Adobe_marker && components == 4;
  jpeg_finish_decompress(&cinfo);
  out.width = (int)cinfo.output_width;
  out.height = (int)cinfo.output_height;
  out.components = components;
  out.pixels = pixels;
  out.ok = 1;
  jpeg_destroy_decompress(&cinfo);
  return out;
}

void strata_jpeg_free(strata_jpeg_image *image) {
  free(image->pixels);
  image->pixels = NULL;
}

unsigned char *strata_jpeg_encode(
  const unsigned char *pixels, int width, int height, int components, int quality,
  int progressive, size_t *size) {
  struct jpeg_compress_struct cinfo;
  strata_error_mgr err;
  char message[JMSG_LENGTH_MAX];
  cinfo.err = jpeg_std_error(&err.base);
  err.base.error_exit = strata_error_exit;
  err.base.output_message = strata_silent;
  err.message = message;
  unsigned char *volatile buffer = NULL;
  unsigned long length = 0;
  if (setjmp(err.jump)) {
    jpeg_destroy_compress(&cinfo);
    free(buffer);
    return NULL;
  }
  jpeg_create_compress(&cinfo);
  unsigned char *mem = NULL;
  jpeg_mem_dest(&cinfo, &mem, &length);
  cinfo.image_width = (JDIMENSION)width;
  cinfo.image_height = (JDIMENSION)height;
  cinfo.input_components = components;
  cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : components == 4 ? JCS_CMYK : JCS_RGB;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, quality, TRUE);
  if (progressive) jpeg_simple_progression(&cinfo);
  jpeg_start_compress(&cinfo, TRUE);
  size_t stride = (size_t)width * (size_t)components;
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = (JSAMPROW)(pixels + stride * cinfo.next_scanline);
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  buffer = mem;
  jpeg_destroy_compress(&cinfo);
  *size = length;
  return buffer;
}

#endif
