// matmul.s: C = A x B for n x n matrices of 32-bit floats, n a multiple of
// 16 (r1.0 = n).  Group i computes row i; thread w of the group computes
// columns 16w .. 16w + 15, so a group has n / 16 SIMD16 threads.  For each
// k: a broadcast read of A[i][k], a vector read of B[k][16w ..], mul, add
// (products summed in k order, as the CPU reference does).
//
// dispatch ABI (libgensim gensim/dispatch.h): r1.0 = n (--curbe), r2.1 the
// thread w, r0.1 the group ID X; A, B, C at binding table indices 0, 1, 2.
//
//   gensim-run --kernel matmul.s --simd 16 --groups 32 --group-size 2 \
//       --buffer 0:4K:fiota --buffer 1:4K:fiota --buffer 2:4K --curbe 32 --dump 2:f32:32

// g12: lane numbers 0..15; g16: the thread's columns j = 16w + lane
mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }
add(8) g10.8<1>UW g10<8,8,1>UW 8UW { align1 1Q NoMask }
mov(16) g12<1>UD g10<8,8,1>UW { align1 1H NoMask }
shl(1) g14<1>UD g2.1<0,1,0>UD 4UD { align1 1N NoMask }
add(16) g16<1>UD g12<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }
// g40: the row's sums; g50.0: k
mov(16) g40<1>F 0.0F { align1 1H NoMask }
mov(1) g50<1>UD 0UD { align1 1N NoMask }
// A[i][k] (the same address in every lane) into g20
loop: mul(1) g51<1>UD g0.1<0,1,0>UD g1<0,1,0>UD { align1 1N NoMask }
add(1) g51<1>UD g51<0,1,0>UD g50<0,1,0>UD { align1 1N NoMask }
shl(1) g51<1>UD g51<0,1,0>UD 2UD { align1 1N NoMask }
mov(16) g52<1>UD g51<0,1,0>UD { align1 1H NoMask }
send(16) g20<1>UD g52<8,8,1>UD dp_data1 0x04205e00UD { align1 1H }
// B[k][j] into g22
mul(1) g54<1>UD g50<0,1,0>UD g1<0,1,0>UD { align1 1N NoMask }
add(16) g56<1>UD g16<8,8,1>UD g54<0,1,0>UD { align1 1H NoMask }
shl(16) g56<1>UD g56<8,8,1>UD 2UD { align1 1H NoMask }
send(16) g22<1>UD g56<8,8,1>UD dp_data1 0x04205e01UD { align1 1H }
mul(16) g24<1>F g20<8,8,1>F g22<8,8,1>F { align1 1H }
add(16) g40<1>F g40<8,8,1>F g24<8,8,1>F { align1 1H }
add(1) g50<1>UD g50<0,1,0>UD 1UD { align1 1N NoMask }
cmp.l.f0.0(1) null<1>UD g50<0,1,0>UD g1<0,1,0>UD { align1 1N NoMask }
(+f0.0) jmpi(1) loop { align1 1N NoMask }
// C[i][j] = g40: untyped surface write, SIMD16, BTI 2
mul(1) g51<1>UD g0.1<0,1,0>UD g1<0,1,0>UD { align1 1N NoMask }
add(16) g60<1>UD g16<8,8,1>UD g51<0,1,0>UD { align1 1H NoMask }
shl(16) g60<1>UD g60<8,8,1>UD 2UD { align1 1H NoMask }
mov(16) g62<1>UD g40<8,8,1>UD { align1 1H NoMask }
send(16) null<1>UD g60<8,8,1>UD dp_data1 0x08025e02UD { align1 1H }
// end of thread
mov(8) g127<1>UD g0<8,8,1>UD { align1 1Q NoMask }
send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { align1 1Q NoMask EOT }
