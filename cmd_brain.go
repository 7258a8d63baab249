package main

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/kakugo/kakugo/protocol"
)

// cmdBrain is the Gomocup brain: the protocol on stdin and stdout, the
// chosen player behind it. It is what managers run.
func cmdBrain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("brain", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	def := ""
	if ps := players(); len(ps) > 0 {
		def = ps[0].name
	}
	name := fs.String("player", def, "the player that chooses the moves (see pbrain-kakugo --help)")
	seed := fs.Int64("seed", 1, "seed for players that choose at random among equal moves")
	suggest := fs.Bool("suggest", false, "answer moves with SUGGEST x,y and play them on PLAY")
	debug := fs.Bool("debug", false, "send DEBUG lines to the manager")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: pbrain-kakugo [brain] [flags]   Gomocup brain on stdin/stdout")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "pbrain-kakugo brain: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	player, err := newPlayer(*name, *seed)
	if err != nil {
		fmt.Fprintf(stderr, "pbrain-kakugo brain: %v\n", err)
		return 2
	}
	cfg := protocol.Config{Player: player, Suggest: *suggest, Debug: *debug,
		About: fmt.Sprintf(`name="Kakugo", version="%s", author="The Kakugo authors", country="International", www="https://github.com/kakugo/kakugo"`, version)}
	if err := protocol.Serve(stdin, stdout, cfg); err != nil {
		fmt.Fprintf(stderr, "pbrain-kakugo brain: %v\n", err)
		return 1
	}
	return 0
}
