package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"github.com/kakugo/kakugo/players"
	"github.com/kakugo/kakugo/prior"
	"github.com/kakugo/kakugo/protocol"
	"github.com/kakugo/kakugo/search/mcts"
	"github.com/kakugo/kakugo/web"
)

// cmdWeb serves the board in the browser until interrupted.
func cmdWeb(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("web", "usage: pbrain-kakugo web [flags]\n\nServes a board on the address it prints: open it in a browser to play,\nanalyse, and watch matches. It opens nothing by itself; Ctrl-C stops it.\n\nflags:", stderr)
	addr := fs.String("addr", "127.0.0.1:8015", "where to listen (host:port; port 0 picks a free one)")
	seed := fs.Int64("seed", 1, "seed for players that break ties at random")
	weightsFile := fs.String("weights", "", "policy network weights replacing the embedded ones (the players with the CNN prior, and the heat map)")
	threads := fs.Int("threads", 0, "the engine's search threads (0: KAKUGO_THREADS from the environment, else 1)")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	opt := webOptions(*seed, *weightsFile, players.Threads(*threads, os.Getenv("KAKUGO_THREADS")), stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := web.Run(ctx, *addr, opt, stdout); err != nil {
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	return 0
}

// webOptions wires the players, the policy network for the heat map and
// this program as a brain for watched matches into the web board.
func webOptions(seed int64, weightsFile string, threads int, warn io.Writer) web.Options {
	opt := web.Options{Threads: threads}
	for _, p := range players.List() {
		opt.Players = append(opt.Players, web.PlayerInfo{Name: p.Name, Summary: p.Summary})
	}
	opt.NewPlayer = func(name string) (protocol.Player, error) {
		return players.New(name, seed, weightsFile, warn)
	}
	if pol, err := prior.Load(weightsFile); err != nil {
		fmt.Fprintf(warn, "pbrain-kakugo: %v; no heat map\n", err)
	} else {
		opt.NewPolicy = func() mcts.Policy { return pol() }
	}
	if exe, err := os.Executable(); err == nil {
		opt.BrainCommand = func(player string) []string {
			cmd := []string{exe, "--player", player, "--threads", strconv.Itoa(threads)}
			if weightsFile != "" {
				cmd = append(cmd, "--weights", weightsFile)
			}
			return cmd
		}
	}
	return opt
}
