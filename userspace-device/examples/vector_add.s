// vector_add.s: c[i] = a[i] + b[i] for i < n, 32-bit floats, SIMD16.
//
// dispatch ABI (libgensim gensim/dispatch.h): r1.0 = n (--curbe), r2 per thread
// [index, w, h, d, W, H, D, SIMD], r0.1 the group ID X; buffers a, b, c at
// binding table indices 0, 1, 2.  Element of lane l of thread w in group g:
// i = (g * W + w) * 16 + l.
//
//   gensim-run --kernel vector_add.s --simd 16 --groups 4 --group-size 2 \
//       --buffer 0:8K:random:1 --buffer 1:8K:random:2 --buffer 2:8K \
//       --curbe 2000 --dump 2:f32

// g12: lane numbers 0..15
mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }
add(8) g10.8<1>UW g10<8,8,1>UW 8UW { align1 1Q NoMask }
mov(16) g12<1>UD g10<8,8,1>UW { align1 1H NoMask }
// g14.0 = (g * W + w) * 16
mul(1) g14<1>UD g0.1<0,1,0>UD g2.4<0,1,0>UD { align1 1N NoMask }
add(1) g14<1>UD g14<0,1,0>UD g2.1<0,1,0>UD { align1 1N NoMask }
shl(1) g14<1>UD g14<0,1,0>UD 4UD { align1 1N NoMask }
// g16 = i, f0.0 = i < n, g18 = byte offsets
add(16) g16<1>UD g12<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }
cmp.l.f0.0(16) null<1>UD g16<8,8,1>UD g1<0,1,0>UD { align1 1H }
shl(16) g18<1>UD g16<8,8,1>UD 2UD { align1 1H NoMask }
// untyped surface read, SIMD16, one channel (red): BTI 0 into g20, BTI 1 into g22
(+f0.0) send(16) g20<1>UD g18<8,8,1>UD dp_data1 0x04205e00UD { align1 1H }
(+f0.0) send(16) g22<1>UD g18<8,8,1>UD dp_data1 0x04205e01UD { align1 1H }
add(16) g26<1>F g20<8,8,1>F g22<8,8,1>F { align1 1H }
// untyped surface write, SIMD16, one channel: offsets g30, data g32, BTI 2
mov(16) g30<1>UD g18<8,8,1>UD { align1 1H NoMask }
mov(16) g32<1>UD g26<8,8,1>UD { align1 1H NoMask }
(+f0.0) send(16) null<1>UD g30<8,8,1>UD dp_data1 0x08025e02UD { align1 1H }
// end of thread: r0 to the thread spawner
mov(8) g127<1>UD g0<8,8,1>UD { align1 1Q NoMask }
send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { align1 1Q NoMask EOT }
