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
