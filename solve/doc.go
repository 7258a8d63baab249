// Package solve is the work of the solve subcommand: it reads positions to
// solve (pos strings, the shared renju problem set, the quintet and mintaka
// mates, positions sampled from Gomocup game records), runs the winning
// search (package win) on each under a wall-clock or CPU-time limit, and
// prints each result and the statistics of the run (solved, median and
// percentile times, nodes per second, proofs the checker rejected).
//
// The command in package main parses the flags into Options and Limits,
// chooses the reader, and calls Run.
package solve
