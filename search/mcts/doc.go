// Package mcts is the primary search: a PUCT Monte Carlo tree search over
// the evaluator's candidate moves, with static-evaluation (or roll-out)
// leaves, priors from the evaluator's combo and potential logits mixed with
// a Policy's (the CNN, which package prior plugs in) on a lazy schedule,
// several threads sharing one lock-free tree, proven wins and losses
// propagated through the tree, and an optional VCF probe (package win)
// at expansions.
//
// The tree lives in a Tree, a pool of fixed-size nodes kept from move to
// move: Tree.Search finds the new position in it when the game went on by
// moves the tree expanded, or went back to a position it has seen, and
// slides the live subtree to the front when the pool is half full. The
// player (package search) decides what to search and for how long: the
// Request carries the time budget, the playout limit, the threads'
// policies and the moves the search may choose at the root.
package mcts
