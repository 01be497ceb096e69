// histogram.s: bins[in[i] % 64]++ for i < n (r1.0 = n), 32-bit values,
// with untyped atomic increments, so lanes of every thread and group may
// hit the same bin at once.  SIMD16.
//
// dispatch ABI (libgensim gensim/dispatch.h): r1.0 = n (--curbe), r2 per
// thread [index, w, h, d, W, H, D, SIMD], r0.1 the group ID X; in at
// binding table index 0, the 64 bins at 1.  Element of lane l of thread w
// in group g: i = (g * W + w) * 16 + l.
//
//   gensim-run --kernel histogram.s --simd 16 --groups 8 --group-size 16 \
//       --buffer 0:8K:random:7 --buffer 1:256 --curbe 2048 --dump 1

mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }
add(8) g10.8<1>UW g10<8,8,1>UW 8UW { align1 1Q NoMask }
mov(16) g12<1>UD g10<8,8,1>UW { align1 1H NoMask }
// g16 = i, f0.0 = i < n, g18 = byte offsets
mul(1) g14<1>UD g0.1<0,1,0>UD g2.4<0,1,0>UD { align1 1N NoMask }
add(1) g14<1>UD g14<0,1,0>UD g2.1<0,1,0>UD { align1 1N NoMask }
shl(1) g14<1>UD g14<0,1,0>UD 4UD { align1 1N NoMask }
add(16) g16<1>UD g12<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }
cmp.l.f0.0(16) null<1>UD g16<8,8,1>UD g1<0,1,0>UD { align1 1H }
shl(16) g18<1>UD g16<8,8,1>UD 2UD { align1 1H NoMask }
// in[i] into g20 (untyped surface read, SIMD16, BTI 0)
(+f0.0) send(16) g20<1>UD g18<8,8,1>UD dp_data1 0x04205e00UD { align1 1H }
// the bin's byte offset, then an untyped atomic increment on BTI 1
and(16) g22<1>UD g20<8,8,1>UD 63UD { align1 1H }
shl(16) g30<1>UD g22<8,8,1>UD 2UD { align1 1H }
(+f0.0) send(16) null<1>UD g30<8,8,1>UD dp_data1 0x04008501UD { align1 1H }
mov(8) g127<1>UD g0<8,8,1>UD { align1 1Q NoMask }
send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { align1 1Q NoMask EOT }
