// SPDX-License-Identifier: MIT
/*
 * gensim-draw: draw the 3D scene (3d/scene/scene.c: about 2000 triangles
 * with a depth test on a 256 x 256 target) on gensim's render engine and
 * write it as a PNG.
 *
 *   gensim-draw -o scene.png                   through the driver's render node
 *   gensim-draw --inprocess -o scene.png       on the device model in this process
 *
 * A libgensim client like gensim-run: only the open differs between the
 * two.  make demo runs it in the VM (scripts/demo-in-vm.sh); man/gensim-draw.1.
 */
#if !__has_include(<png.h>)
#error "gensim-draw needs libpng: apt install libpng-dev (scripts/install-deps)"
#endif
#include <errno.h>
#include <getopt.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gensim/gensim.h>

#include "3d/scene/scene.h"

struct opts {
	const char *output;
	const char *node;	/* NULL: the first gensim render node */
	int inprocess;
	int quiet;
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: gensim-draw [-o FILE.png] [--node NODE | --inprocess] [-q]\n"
		"  Draws the 3D scene (a mesh, a fan, a strip and random triangles, depth\n"
		"  tested, 256x256) on the gensim GPU's render engine and writes it as a PNG.\n"
		"  -o, --output FILE   the PNG to write (default gensim-draw.png)\n"
		"  --node NODE         the gensim render node (default: the first one)\n"
		"  --inprocess         on the device model in this process, not the driver\n"
		"  -q, --quiet         print nothing but errors\n"
		"  -h, --help          this text\n");
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "node", required_argument, NULL, 'n' },
		{ "inprocess", no_argument, NULL, 'i' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->output = "gensim-draw.png";
	while ((c = getopt_long(argc, argv, "o:qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'o': o->output = optarg; break;
		case 'n': o->node = optarg; break;
		case 'i': o->inprocess = 1; break;
		case 'q': o->quiet = 1; break;
		case 'h': usage(stdout); exit(0);
		default: usage(stderr); return -EINVAL;
		}
	}
	if (optind < argc || (o->inprocess && o->node)) {
		usage(stderr);
		return -EINVAL;
	}
	return 0;
}

/* @px: SCENE_W x SCENE_H pixels, each the R, G, B, A bytes in memory order. */
static int write_png(const char *path, const uint32_t *px)
{
	FILE *f = fopen(path, "wb");
	png_structp png;
	png_infop info;

	if (!f) {
		fprintf(stderr, "gensim-draw: %s: %s\n", path, strerror(errno));
		return -1;
	}
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	info = png ? png_create_info_struct(png) : NULL;
	if (!png || !info || setjmp(png_jmpbuf(png))) {
		fprintf(stderr, "gensim-draw: %s: libpng failed\n", path);
		png_destroy_write_struct(&png, &info);
		fclose(f);
		return -1;
	}
	png_init_io(png, f);
	png_set_IHDR(png, info, SCENE_W, SCENE_H, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	for (unsigned int y = 0; y < SCENE_H; y++)
		png_write_row(png, (png_const_bytep)(px + (size_t)y * SCENE_W));
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	if (fclose(f)) {
		fprintf(stderr, "gensim-draw: %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct gsim_device *dev = NULL;
	struct scene_stats st;
	struct scene s;
	struct opts o;
	uint32_t *px = NULL;
	unsigned int covered = 0;
	char err[512];
	int ret = 1;

	if (parse_args(argc, argv, &o))
		return 2;
	if (scene_build(&s)) {
		fprintf(stderr, "gensim-draw: out of memory\n");
		return 1;
	}
	px = malloc((size_t)SCENE_W * SCENE_H * 4);
	if (!px) {
		fprintf(stderr, "gensim-draw: out of memory\n");
		goto out;
	}
	if (o.inprocess ? gsim_open_inprocess(NULL, &dev) : gsim_open(o.node, &dev)) {
		fprintf(stderr, "gensim-draw: %s\n", gsim_last_error());
		goto out;
	}
	if (scene_render(dev, &s, px, &st, err, sizeof(err))) {
		fprintf(stderr, "gensim-draw: %s\n", err);
		goto out;
	}
	for (unsigned int i = 0; i < SCENE_W * SCENE_H; i++)
		covered += px[i] != SCENE_CLEAR;
	if (write_png(o.output, px))
		goto out;
	if (!o.quiet) {
		printf("%s: %ux%u R8G8B8A8_UNORM, drawn on rcs0 %s\n", o.output, SCENE_W, SCENE_H,
		       o.inprocess ? "in process" : "through the driver's render node");
		printf("triangles: %u in %u draws (an indexed mesh, a fan, a strip, a list), "
		       "depth tested\n", s.triangles, s.ndraws);
		printf("pixels covered: %u of %u\n", covered, SCENE_W * SCENE_H);
		printf("batch: %u bytes; time: %.3f s", st.batch_bytes, (double)st.ns / 1e9);
		if (st.have_instructions)
			printf("; EU instructions: %llu", (unsigned long long)st.eu_instructions);
		printf("\n");
	}
	ret = 0;
out:
	gsim_close(dev);
	free(px);
	scene_free(&s);
	return ret;
}
