/* Encodes an 8-bit grey picture as monochrome AV1 with libaom in LAYERS spatial layers (a
 * coarse base, then finer enhancements predicted from it, as libaom's
 * examples/scalable_encoder.c), so that its sequence header lists one operating point per
 * layer; in limited range (the samples scaled to 16-235) or full; with "model", libaom's
 * decoder model is on too (timing_info, decoder_model_info, and each operating point's
 * parameters and initial display delay). Writes the low-overhead OBU stream: one temporal
 * unit, a sequence header before each layer's frame. No AVIF encoder here makes layers
 * (Debian 12's avifenc is libavif 0.11), and none writes the sequence header into `av1C`;
 * make-fixtures.sh runs this.
 *
 * Usage: av1-layers WIDTH HEIGHT GREY.raw OUT.obu LAYERS limited|full [model] */
#include <aom/aom_encoder.h>
#include <aom/aomcx.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(aom_codec_ctx_t *codec, const char *what) {
  fprintf(stderr, "av1-layers: %s: %s\n", what, codec ? aom_codec_error_detail(codec) : "");
  exit(1);
}

static void encode(aom_codec_ctx_t *codec, aom_image_t *image, aom_codec_pts_t pts, aom_enc_frame_flags_t flags, FILE *out) {
  if (aom_codec_encode(codec, image, pts, 1, flags) != AOM_CODEC_OK) fail(codec, "encode");
  aom_codec_iter_t iter = NULL;
  const aom_codec_cx_pkt_t *packet;
  while ((packet = aom_codec_get_cx_data(codec, &iter)) != NULL) {
    if (packet->kind != AOM_CODEC_CX_FRAME_PKT) continue;
    if (fwrite(packet->data.frame.buf, 1, packet->data.frame.sz, out) != packet->data.frame.sz) fail(NULL, "write");
  }
}

int main(int argc, char **argv) {
  if (argc < 7) fail(NULL, "usage: av1-layers WIDTH HEIGHT GREY.raw OUT.obu LAYERS limited|full [model]");
  unsigned width = (unsigned)atoi(argv[1]), height = (unsigned)atoi(argv[2]);
  int layers = atoi(argv[5]), limited = strcmp(argv[6], "limited") == 0, model = argc > 7 && strcmp(argv[7], "model") == 0;
  if (layers < 1 || layers > 3) fail(NULL, "1 to 3 layers");
  aom_image_t image;
  if (!aom_img_alloc(&image, AOM_IMG_FMT_I420, width, height, 1)) fail(NULL, "image");
  FILE *grey = fopen(argv[3], "rb");
  if (!grey) fail(NULL, "open the grey picture");
  for (unsigned y = 0; y < height; y++) {
    unsigned char *row = image.planes[0] + y * image.stride[0];
    if (fread(row, 1, width, grey) != width) fail(NULL, "read the grey picture");
    if (limited)
      for (unsigned x = 0; x < width; x++) row[x] = (unsigned char)(16 + (row[x] * 219 + 127) / 255);
  }
  fclose(grey);
  for (int plane = 1; plane < 3; plane++)
    for (unsigned y = 0; y < (height + 1) / 2; y++) memset(image.planes[plane] + y * image.stride[plane], 128, (width + 1) / 2);

  aom_codec_iface_t *av1 = aom_codec_av1_cx();
  aom_codec_enc_cfg_t cfg;
  if (aom_codec_enc_config_default(av1, &cfg, AOM_USAGE_GOOD_QUALITY) != AOM_CODEC_OK) fail(NULL, "default configuration");
  cfg.g_w = width;
  cfg.g_h = height;
  cfg.g_timebase.num = 1;
  cfg.g_timebase.den = 25;
  cfg.g_lag_in_frames = 0;
  cfg.rc_end_usage = AOM_Q;
  cfg.monochrome = 1;
  aom_codec_ctx_t codec;
  if (aom_codec_enc_init(&codec, av1, &cfg, 0) != AOM_CODEC_OK) fail(&codec, "init");
  if (aom_codec_control(&codec, AOME_SET_CPUUSED, 6)
      || aom_codec_control(&codec, AV1E_SET_COLOR_RANGE, limited ? AOM_CR_STUDIO_RANGE : AOM_CR_FULL_RANGE)
      || aom_codec_control(&codec, AOME_SET_NUMBER_SPATIAL_LAYERS, layers))
    fail(&codec, "controls");
  if (model && aom_codec_control(&codec, AV1E_SET_TIMING_INFO_TYPE, AOM_TIMING_DEC_MODEL)) fail(&codec, "decoder model");
  FILE *out = fopen(argv[4], "wb");
  if (!out) fail(NULL, "open the output");
  /* The base layer, a key frame; then each enhancement, finer, predicted from the base alone. */
  aom_enc_frame_flags_t only_last = AOM_EFLAG_NO_REF_LAST2 | AOM_EFLAG_NO_REF_LAST3 | AOM_EFLAG_NO_REF_GF | AOM_EFLAG_NO_REF_ARF
      | AOM_EFLAG_NO_REF_BWD | AOM_EFLAG_NO_REF_ARF2 | AOM_EFLAG_NO_UPD_LAST | AOM_EFLAG_NO_UPD_GF | AOM_EFLAG_NO_UPD_ARF
      | AOM_EFLAG_NO_UPD_ENTROPY;
  for (int layer = 0; layer < layers; layer++) {
    if (aom_codec_control(&codec, AOME_SET_SPATIAL_LAYER_ID, layer) || aom_codec_control(&codec, AOME_SET_CQ_LEVEL, 60 - 20 * layer))
      fail(&codec, "layer");
    encode(&codec, &image, 0, layer == 0 ? AOM_EFLAG_FORCE_KF : only_last, out);
  }
  encode(&codec, NULL, 0, 0, out);
  if (fclose(out) != 0) fail(NULL, "close the output");
  aom_img_free(&image);
  if (aom_codec_destroy(&codec) != AOM_CODEC_OK) fail(NULL, "destroy");
  return 0;
}
