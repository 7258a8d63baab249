//go:build amd64 && !purego

#include "textflag.h"

// func addColumns16AVX2(a *[16]float32, cols *float32, hits *uint16, n int)
// For each of the n hits k: a[0:16] += cols[16k:16k+16], as two 8-lane
// adds (n > 0; the caller checked every column lies within cols).
TEXT ·addColumns16AVX2(SB), NOSPLIT, $0-32
	MOVQ a+0(FP), DI
	MOVQ cols+8(FP), SI
	MOVQ hits+16(FP), BX
	MOVQ n+24(FP), CX
	VMOVUPS (DI), Y0
	VMOVUPS 32(DI), Y1

loop:
	MOVWQZX (BX), AX
	SHLQ    $6, AX
	VADDPS  (SI)(AX*1), Y0, Y0
	VADDPS  32(SI)(AX*1), Y1, Y1
	ADDQ    $2, BX
	DECQ    CX
	JNE     loop

	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	VZEROUPPER
	RET

// func addScaledColumns16AVX2(a *[16]float32, cols *float32, x *float32, n int)
// For each i < n with x[i] != 0 (a NaN counts as nonzero, as in Go):
// a[0:16] += cols[16i:16i+16] * x[i], multiplied then added (n > 0).
TEXT ·addScaledColumns16AVX2(SB), NOSPLIT, $0-32
	MOVQ   a+0(FP), DI
	MOVQ   cols+8(FP), SI
	MOVQ   x+16(FP), BX
	MOVQ   n+24(FP), CX
	VMOVUPS (DI), Y0
	VMOVUPS 32(DI), Y1
	VXORPS X5, X5, X5

sloop:
	VMOVSS   (BX), X2
	VUCOMISS X5, X2
	JP       sdo
	JE       snext

sdo:
	VBROADCASTSS (BX), Y2
	VMULPS       (SI), Y2, Y3
	VADDPS       Y3, Y0, Y0
	VMULPS       32(SI), Y2, Y4
	VADDPS       Y4, Y1, Y1

snext:
	ADDQ $4, BX
	ADDQ $64, SI
	DECQ CX
	JNE  sloop

	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	VZEROUPPER
	RET
