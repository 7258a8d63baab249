// Command pbrain-kakugo is the Kakugo Gomoku/Renju engine. With no
// subcommand it is a Gomocup brain on stdin/stdout; subcommands are tools for
// people (play), and for engine developers (see --help). main only wires the
// packages together.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kakugo/kakugo/players"
)

// version is set at link time by the Makefile (-X main.version=...).
var version = "dev"

// command is one subcommand of the binary.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order --help shows them.
func commands() []command {
	return []command{
		{"brain", "speak the Gomocup protocol on stdin/stdout (the default)", cmdBrain},
		{"play", "play against the engine in the terminal", cmdPlay},
		{"web", "a board in the browser: play, analyse, watch matches", cmdWeb},
		{"match", "run games between Gomocup brains", cmdMatch},
		{"eval", "print the evaluator's view of a position", cmdEval},
		{"train", "train the policy network on game records", cmdTrain},
		{"train-value", "fit the learned leaf value to game results", cmdTrainValue},
		{"train-prior", "fit the tree's evaluator prior logits to game records", cmdTrainPrior},
		{"export-policy", "write training positions for the GPU trainer (tools/gpu)", cmdExportPolicy},
		{"import-policy", "convert the GPU trainer's raw weights to the weight format", cmdImportPolicy},
		{"nneval", "top-1/top-5 accuracy of policy weights on game records", cmdNNEval},
		{"bench", "deterministic search benchmark (node-count signature)", cmdBench},
		{"solve", "find forced wins (VCF/VCT) in positions or puzzles", cmdSolve},
		{"tactics", "won positions from c-gomoku-cli records, for conversion tests", cmdTactics},
		{"selfplay", "self-play games with the search's visit counts, as training records", cmdSelfplay},
		{"version", "print the version (also --version)", cmdVersion},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand; arguments that start with a dash, or none,
// mean brain mode.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		usage(stdout)
		return 0
	}
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-V") {
		return cmdVersion(args[1:], stdin, stdout, stderr)
	}
	name := "brain"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(args, stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "pbrain-kakugo: unknown subcommand %q\n", name)
	fmt.Fprintln(stderr, "usage: pbrain-kakugo [brain flags] | pbrain-kakugo SUBCOMMAND [flags] (see --help)")
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "pbrain-kakugo: a Gomoku/Renju engine and Gomocup brain")
	fmt.Fprintln(w, "\nusage: pbrain-kakugo [brain flags]          Gomocup brain on stdin/stdout")
	fmt.Fprintln(w, "       pbrain-kakugo SUBCOMMAND [flags]     (SUBCOMMAND --help lists its flags)")
	fmt.Fprintln(w, "\nsubcommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nbrain flags:")
	fs, _ := newBrainFlags(w)
	fs.PrintDefaults()
	fmt.Fprintln(w, "\nplayers (--player NAME, for brain, play and web):")
	for _, p := range players.List() {
		fmt.Fprintf(w, "  %-15s %s\n", p.Name, p.Summary)
	}
}
