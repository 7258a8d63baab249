package solve

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/proof"
)

// Case is one position for the solve subcommand.
type Case struct {
	name    string
	board   *engine.Board
	kind    proof.Kind
	depth   int    // attack-depth limit in attacker moves; 0 = the search's default
	want    string // a reference move to compare with, or ""
	wantIs  string // what want is: "first move" or "last attacking move"
	diagram bool   // write moves in diagram notation
}

// Options shape the cases: the board of pos-string positions, the search
// kind to force, the filters of problem sets, and how moves are written.
type Options struct {
	Rule     engine.Rule // the rule of pos-string positions
	W, H     int         // their board size
	VCF, VCT bool        // search every case for this kind (else each case's own)
	Mode     string      // problems of this kind only (a prefix of mode_name)
	Level    int         // problems of this level only (0: any)
	IDs      []string    // the problems with these ids only (none: all)
	Depth    int         // the attack-depth limit in attacker moves (0: the case's own, or the search's default)
	Notation string      // auto, pos or diagram
	// Skipped names the problems ReadPuzzles left out because their side
	// to move is unknown (one of the shared renju problems says
	// "unknown(side=204)"), for the caller to report.
	Skipped []string
}

// kindFor is the search kind of a case whose own kind is k, unless a
// flag forces one.
func (o *Options) kindFor(k proof.Kind) proof.Kind {
	switch {
	case o.VCF:
		return proof.VCF
	case o.VCT:
		return proof.VCT
	}
	return k
}

// ReadFiles reads every named file with read, or def when none is
// named and def is set, or else standard input.
func ReadFiles(names []string, def string, stdin io.Reader,
	read func(io.Reader, string) ([]Case, error)) ([]Case, error) {
	if len(names) == 0 && def != "" {
		names = []string{def}
	}
	if len(names) == 0 {
		return read(stdin, "stdin")
	}
	var out []Case
	for _, n := range names {
		f, err := os.Open(n)
		if err != nil {
			return nil, err
		}
		cs, err := read(f, n)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", n, err)
		}
		out = append(out, cs...)
	}
	return out, nil
}

// ReadPos reads pos strings, one per line; blank lines and lines
// starting with # are skipped. The side to move follows from the parity.
func ReadPos(r io.Reader, name string, o *Options) ([]Case, error) {
	var out []Case
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		moves, err := engine.ParseMoves(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		b, err := engine.FromMoves(o.W, o.H, o.Rule, moves)
		if err == nil && b.Winner() != engine.Empty {
			err = fmt.Errorf("the game is over: %s has five", b.Winner())
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, Case{name: fmt.Sprintf("%s:%d", name, n), board: b, kind: o.kindFor(proof.VCF),
			depth: o.Depth, diagram: o.Notation == "diagram"})
	}
	return out, sc.Err()
}
