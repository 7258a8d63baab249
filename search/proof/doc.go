// Package proof is the winning search: Garcia's AND/OR search over forcing
// moves only (VCF: fours; VCT: fours and threats), by depth-first search or
// df-pn under an attack-depth limit, with its transposition table, threat
// generation, the defence check (Search.Defend: which moves leave the
// opponent no forced win) and an independent proof checker (Check) that
// replays every proof the search reports against every legal defence.
//
// It imports only engine and eval. The player (package search) asks it for
// wins and threats around the tree search and lends it to the tree search's
// in-tree VCF probes.
package proof
