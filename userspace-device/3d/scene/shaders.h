/* SPDX-License-Identifier: MIT */
/*
 * Shaders shared by the 3D tests and the scene (shaders.c), as gensim-as
 * text to assemble into an instruction heap.
 */
#ifndef GS_3D_SCENE_SHADERS_H
#define GS_3D_SCENE_SHADERS_H

/* VS: position (r2-r5) and colour (r6-r9) through; VUE slots 0-2. */
extern const char r3d_vs_pass[];
/* PS, SIMD16: attribute 0 (setup data at r6) interpolated, written to RT 0. */
extern const char r3d_ps_interp16[];

#endif
