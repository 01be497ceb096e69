// SPDX-License-Identifier: MIT
/*
 * Shaders in gensim-as text that the 3D tests (3d/tests/) and the scene
 * (scene.c, drawn by test_3d_scene and gensim-draw) share: a pass-through
 * vertex shader and a SIMD16 pixel shader that interpolates one
 * attribute.  Their payloads are hw-spec-3d's "VS threads" and "PS
 * threads".
 */
#include "3d/scene/shaders.h"

/*
 * The VS: position (r2-r5) and colour (r6-r9) of eight vertices in, the
 * VUE out: slot 0 the header (zeros), 1 the position, 2 the colour.  Two
 * URB writes: header and position at offset 0, the colour at slot 2.
 */
const char r3d_vs_pass[] =
	"mov(8) g20<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n"
	"mov(8) g21<1>F 0.0F { align1 1Q }\n"
	"mov(8) g22<1>F 0.0F { align1 1Q }\n"
	"mov(8) g23<1>F 0.0F { align1 1Q }\n"
	"mov(8) g24<1>F 0.0F { align1 1Q }\n"
	"mov(8) g25<1>F g2<8,8,1>F { align1 1Q }\n"
	"mov(8) g26<1>F g3<8,8,1>F { align1 1Q }\n"
	"mov(8) g27<1>F g4<8,8,1>F { align1 1Q }\n"
	"mov(8) g28<1>F g5<8,8,1>F { align1 1Q }\n"
	"send(8) null<1>UD g20<8,8,1>UD urb 0x12080007UD { align1 1Q }\n"
	"mov(8) g30<1>UD g1<8,8,1>UD { align1 1Q NoMask }\n"
	"mov(8) g31<1>F g6<8,8,1>F { align1 1Q }\n"
	"mov(8) g32<1>F g7<8,8,1>F { align1 1Q }\n"
	"mov(8) g33<1>F g8<8,8,1>F { align1 1Q }\n"
	"mov(8) g34<1>F g9<8,8,1>F { align1 1Q }\n"
	"send(8) null<1>UD g30<8,8,1>UD urb 0x0a080027UD { align1 1Q EOT }\n";

/*
 * SIMD16: the barycentrics are r2 (u 0-7), r3 (v 0-7), r4 (u 8-15), r5
 * (v 8-15); attribute 0 at r6.  One SIMD8 pln per half and channel.
 */
const char r3d_ps_interp16[] =
	"pln(8) g110<1>F g6<0,1,0>F g2<8,8,1>F { align1 1Q }\n"
	"pln(8) g111<1>F g6<0,1,0>F g4<8,8,1>F { align1 2Q }\n"
	"pln(8) g112<1>F g6.4<0,1,0>F g2<8,8,1>F { align1 1Q }\n"
	"pln(8) g113<1>F g6.4<0,1,0>F g4<8,8,1>F { align1 2Q }\n"
	"pln(8) g114<1>F g7<0,1,0>F g2<8,8,1>F { align1 1Q }\n"
	"pln(8) g115<1>F g7<0,1,0>F g4<8,8,1>F { align1 2Q }\n"
	"pln(8) g116<1>F g7.4<0,1,0>F g2<8,8,1>F { align1 1Q }\n"
	"pln(8) g117<1>F g7.4<0,1,0>F g4<8,8,1>F { align1 2Q }\n"
	"send(16) null<1>UW g110<8,8,1>UD dp_render 0x10031000UD { align1 1H EOT }\n";
