// Package win is the winning search, Garcia's "winning MCTS" (2020,
// 2.1.2): an AND/OR search over forcing moves only. VCF lets the attacker
// play fours only, VCT also threats (open threes, and closed threes and
// twos that threaten a VCF). It runs depth-first with iterative deepening
// or as df-pn, over a transposition table, and also answers the defence
// question (Search.Defend: which moves leave the opponent no forced win).
// Every win it reports comes with a proof (package proof) that the
// independent checker has accepted.
//
// It imports engine, eval and proof. The player (package search) asks it
// for wins and threats before and after the tree search; the tree search
// (package mcts) uses it for its in-tree VCF probes.
package win
