package baseline

import (
	"context"
	"testing"
	"time"

	"github.com/kakugo/kakugo/search"
)

// BenchmarkMove times each player's Move on a 15x15 midgame position, with a
// turn time long enough that the searching players reach their full depth.
func BenchmarkMove(b *testing.B) {
	pos := midgame(b)
	lim := search.Limits{Turn: 10 * time.Second, Match: search.Unlimited, Left: search.Unlimited}
	for _, m := range append(baselines, interim) {
		b.Run(m.name, func(b *testing.B) {
			pl := m.make(1)
			for b.Loop() {
				lim.Start = time.Now()
				pl.Move(context.Background(), pos, lim)
			}
		})
	}
}
