// Package search holds the players: the move choosers the protocol drives,
// from the interim line counter to the full player, and their time control
// and bench. The full player (Kakugo) orders the searches of its
// subpackages: the winning search (package win, whose proofs package proof
// defines and checks) before and after the primary tree search (package
// mcts); the sparring players are in package baseline.
package search

import "time"

// Unlimited marks a time that the manager did not bound.
const Unlimited time.Duration = -1

// Limits is what the manager allows for one move, as the protocol's INFO
// keys and Yixin-Board extensions set it. The zero value means "move at once".
type Limits struct {
	// Turn is timeout_turn: the time for this move; 0 means move at once.
	Turn time.Duration
	// Match is timeout_match: the time for the whole game, or Unlimited.
	Match time.Duration
	// Left is time_left: what remains of Match, or Unlimited. It may be
	// negative when the manager is generous with a brain that overran.
	Left time.Duration
	// Start is when the request for this move arrived; budgets count from it.
	Start time.Time
	// MaxMemory is max_memory in bytes; 0 means no limit.
	MaxMemory int64
	// MaxNodes and MaxDepth bound the search when non-zero (Yixin-Board's
	// max_node and max_depth, and bench).
	MaxNodes int64
	MaxDepth int
	// Threads is thread_num; 0 or 1 means one thread.
	Threads int
	// Info receives MESSAGE lines for the user (no prefix, no newline); nil
	// means say nothing.
	Info func(line string)
	// Progress, when not nil, receives snapshots of the full player's tree
	// search while it runs (see Progress); nil costs nothing.
	Progress func(Progress)
}
