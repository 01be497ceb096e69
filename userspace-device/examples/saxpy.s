// saxpy.s: y[i] = a * x[i] + y[i] for i < n, 32-bit floats, SIMD16.
//
// dispatch ABI (libgensim gensim/dispatch.h): r1.0 = n and r1.1 = a (--curbe
// n,f:a), r2 per thread [index, w, h, d, W, H, D, SIMD], r0.1 the group ID
// X; x at binding table index 0, y at 1 (read, then written in place).
//
//   gensim-run --kernel saxpy.s --simd 16 --groups 2 --group-size 4 \
//       --buffer 0:4K:fiota --buffer 1:4K:fiota --curbe 1000,f:2.5 --dump 1:f32

mov(8) g10<1>UW 0x76543210V { align1 1Q NoMask }
add(8) g10.8<1>UW g10<8,8,1>UW 8UW { align1 1Q NoMask }
mov(16) g12<1>UD g10<8,8,1>UW { align1 1H NoMask }
// i = (g * W + w) * 16 + lane; f0.0 = i < n; g18 = i * 4
mul(1) g14<1>UD g0.1<0,1,0>UD g2.4<0,1,0>UD { align1 1N NoMask }
add(1) g14<1>UD g14<0,1,0>UD g2.1<0,1,0>UD { align1 1N NoMask }
shl(1) g14<1>UD g14<0,1,0>UD 4UD { align1 1N NoMask }
add(16) g16<1>UD g12<8,8,1>UD g14<0,1,0>UD { align1 1H NoMask }
cmp.l.f0.0(16) null<1>UD g16<8,8,1>UD g1<0,1,0>UD { align1 1H }
shl(16) g18<1>UD g16<8,8,1>UD 2UD { align1 1H NoMask }
(+f0.0) send(16) g20<1>UD g18<8,8,1>UD dp_data1 0x04205e00UD { align1 1H }
(+f0.0) send(16) g22<1>UD g18<8,8,1>UD dp_data1 0x04205e01UD { align1 1H }
// a * x, then + y: two roundings, as C computes (float)(a * x) + y
mul(16) g24<1>F g20<8,8,1>F g1.1<0,1,0>F { align1 1H }
add(16) g26<1>F g24<8,8,1>F g22<8,8,1>F { align1 1H }
mov(16) g30<1>UD g18<8,8,1>UD { align1 1H NoMask }
mov(16) g32<1>UD g26<8,8,1>UD { align1 1H NoMask }
(+f0.0) send(16) null<1>UD g30<8,8,1>UD dp_data1 0x08025e01UD { align1 1H }
mov(8) g127<1>UD g0<8,8,1>UD { align1 1Q NoMask }
send(8) null<1>UD g127<8,8,1>UD ts 0x02000010UD { align1 1Q NoMask EOT }
