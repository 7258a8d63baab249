package main

import (
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/kakugo/kakugo/nn"
	"github.com/spf13/pflag"
)

// newFlagSet is a subcommand's flag set: its errors and its usage, the
// text usage and then the flags, go to stderr.
func newFlagSet(name, usage string, stderr io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses a subcommand's flags. pflag returns its errors under
// ContinueOnError without printing them, so a manager's typo would leave a
// brain that exits without a word: here the error and the usage go to
// stderr. ok is false when the command must end with code: 0 after --help,
// 2 after an error.
func parseFlags(fs *pflag.FlagSet, args []string, stderr io.Writer) (code int, ok bool) {
	err := fs.Parse(args)
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, pflag.ErrHelp):
		return 0, false // pflag has printed the usage
	}
	fmt.Fprintf(stderr, "pbrain-kakugo %s: %v\n", fs.Name(), err)
	fs.Usage()
	return 2, false
}

// versionString is the version the Makefile links in, or for a plain
// `go build` the commit it was built from, as Go records it.
func versionString() string {
	if version != "dev" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return version
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return version
	}
	v := "dev-" + rev[:min(len(rev), 12)]
	if dirty {
		v += "-dirty"
	}
	return v
}

// cmdVersion prints the version.
func cmdVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "pbrain-kakugo version: unexpected argument %q\n", args[0])
		return 2
	}
	fmt.Fprintf(stdout, "pbrain-kakugo %s\n", versionString())
	fmt.Fprintf(stdout, "network kernels: %s (8-bit blocks: %s)\n", nn.KernelName(), nn.Kernel8Name())
	return 0
}
