// Package baseline holds the sparring players: simpler players from the
// theses Kakugo grew out of, kept as selectable opponents and easy levels.
//
//   - TestAI: Moilanen, "Artificial Intelligence Solution for Gomoku Using
//     Neural Networks" (bachelor's thesis, 2024) — its rule-based test
//     opponent: an eight-direction scan of each point, defence weighted a
//     little above attack, random among the best.
//   - Convolution: Yan and Feng, "Using Convolution and Deep Learning in
//     Gomoku Game Artificial Intelligence" (Parallel Processing Letters,
//     2018) — the hard-coded evaluation: 16 line filters convolved over each
//     colour, attack and defence mixed with alpha = 0.5.
//   - AlphaBeta: Adkins, Paek and Fair's Gomoku player — alpha-beta to depth
//     3 over a piece-counting score with a nearness bonus.
//   - Patterns: Kulikov, "Self-teaching Gomoku player using composite
//     patterns with adaptive scores and the implemented playing framework"
//     (bachelor's thesis, 2014) — alpha-beta to depth 4 over a database of
//     linear and composite patterns learned from each game (file format in
//     PATTERNS.md).
//
// Every player plays only legal moves under every rule (never an occupied
// cell, never a renju forbidden point for black, checked with
// engine.Board.Legal), plays its five and blocks the opponent's five before
// anything else, leaves the board as it found it, honours the context and a
// deadline derived from the limits (a quarter of the turn time; Turn == 0
// gets the one-ply answer at once), and is deterministic for a given seed as
// long as the searching players are not cut short by the clock (a node or
// depth limit makes them deterministic regardless).
//
// The package depends on engine and search only; it implements the protocol's
// player, game observer and folder user interfaces by their method sets.
package baseline
