// Package training is the work of the train and nneval subcommands around
// package nn: the game records a run reads and their split, starting a run
// or resuming it from its checkpoint, and the accuracy report of weights.
package training

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/weights"
)

// Records chooses game records and filters them: the paths, the rule and
// size of records that carry none, the leagues, years and rules kept, and
// the seed and test fraction of the split.
type Records struct {
	Paths          []string
	Rule, Size     string
	Leagues, Years []string
	Rules          []string
	Seed           uint64
	TestFrac       float64
}

// Load reads every record and applies the filters.
func (r *Records) Load() ([]nn.Game, error) {
	rule, err := engine.ParseRule(r.Rule)
	if err != nil {
		return nil, err
	}
	w, h, err := engine.ParseSize(r.Size)
	if err != nil {
		return nil, err
	}
	return nn.LoadRecords(r.Paths, rule, w, h, nn.RecordFilter{Leagues: r.Leagues, Years: r.Years, Rules: r.Rules})
}

// Split divides games into the training and the test side, grouped by
// league and opening.
func (r *Records) Split(games []nn.Game) (train, test []nn.Game) {
	return nn.SplitGames(games, r.Seed, r.TestFrac)
}

// CheckpointError is a checkpoint that could not be read: a failure of the
// file, where the other errors of Start are the command line's.
type CheckpointError struct {
	Path string
	Err  error
}

func (e *CheckpointError) Error() string { return fmt.Sprintf("checkpoint %s: %v", e.Path, e.Err) }

// Unwrap returns the reader's error.
func (e *CheckpointError) Unwrap() error { return e.Err }

// Start is the network and optimiser a run starts from: a new network of
// arch (its weights drawn from seed), or with resume the run saved in
// ckpt, whose architecture must match the flags the command line gave
// (changed reports whether the flag "channels", "blocks" or "head-kernel"
// was given). A checkpoint is never resumed silently: without resume an
// existing one is an error, so that a run in a directory with an old
// nn-train.ckpt does not continue it unawares. A resumed run is announced
// on log.
func Start(arch nn.Arch, seed uint64, ckpt string, resume bool, changed func(flag string) bool, log io.Writer) (*nn.Net, *nn.Adam, error) {
	f, err := os.Open(ckpt)
	if !resume {
		if err == nil {
			f.Close()
			return nil, nil, fmt.Errorf("checkpoint %s exists: pass --resume to continue that run, or name another --checkpoint", ckpt)
		}
		net, err := nn.NewRandom(arch, seed)
		if err != nil {
			return nil, nil, err
		}
		return net, nn.NewAdam(net), nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("--resume: %v", err)
	}
	net, opt, err := nn.LoadCheckpoint(f)
	f.Close()
	if err != nil {
		return nil, nil, &CheckpointError{Path: ckpt, Err: err}
	}
	got := net.Arch()
	for _, c := range []struct {
		flag      string
		want, has int
	}{{"channels", arch.Channels, got.Channels}, {"blocks", arch.Blocks, got.Blocks}, {"head-kernel", arch.HeadKernel, got.HeadKernel}} {
		if changed(c.flag) && c.want != c.has {
			return nil, nil, fmt.Errorf("--%s %d, but the checkpoint %s has %d", c.flag, c.want, ckpt, c.has)
		}
	}
	fmt.Fprintf(log, "train: resuming %s at step %d: %s\n", ckpt, opt.Step, got)
	return net, opt, nil
}

// FromWeights is a run that fine-tunes the weights in path ("default": the
// embedded network) with a new optimiser. As Start, it refuses to start
// where the checkpoint ckpt already exists. A file that does not load is
// a CheckpointError (exit code 1).
func FromWeights(path, ckpt string, log io.Writer) (*nn.Net, *nn.Adam, error) {
	if _, err := os.Stat(ckpt); err == nil {
		return nil, nil, fmt.Errorf("checkpoint %s exists: name another --checkpoint", ckpt)
	}
	var net *nn.Net
	var err error
	if path == "default" {
		net, err = nn.LoadBytes(weights.Default())
	} else {
		var f *os.File
		if f, err = os.Open(path); err == nil {
			net, err = nn.Load(f)
			f.Close()
		}
	}
	if err != nil {
		return nil, nil, &CheckpointError{Path: path, Err: err}
	}
	fmt.Fprintf(log, "train: fine-tuning %s: %s\n", path, net.Arch())
	return net, nn.NewAdam(net), nil
}

// ExitCode is the exit code of a Start error: 1 for a checkpoint that
// could not be read, 2 for the command line's errors.
func ExitCode(err error) int {
	if ce := (*CheckpointError)(nil); errors.As(err, &ce) {
		return 1
	}
	return 2
}
