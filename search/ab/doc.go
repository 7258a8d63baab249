// Package ab is an alpha-beta search over the evaluator: iterative
// deepening, principal variation search with a transposition table,
// threat-restricted move generation (a five point to block, the
// opponent's open three to parry), late-move reductions, and a
// quiescence search that plays the side to move's fours out (a VCF) before
// it trusts a leaf's value. It is the classical engines' design (Rapfi's
// classical build searches this way), built here on Garcia's evaluator and
// the learned leaf value, as an alternative to the primary MCTS for the
// player (search.KakugoOptions.AlphaBeta).
//
// It imports engine and eval only; the leaf value comes in through the
// Valuer interface it defines.
package ab
