// Package proof holds what a forced win is, apart from how one is found: a
// Proof (the attacker's answer to every position the defence can reach,
// which also answers the moves of a game once the win is on the board) and
// its checker, Check, which replays a proof against every legal defence
// with no code of the search's (package win) and not even its evaluator:
// only the board and the rules. The search builds proofs with New, Set and
// SetCells and checks each with CheckUntil before it reports it.
//
// It imports only engine.
package proof
