package nn

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// TestLastStats: with KeepStats the trunk statistics come with every
// Policy call, the
// length StatsLen says; a cache hit gives the same statistics as the call
// that computed them, and another position other ones; each mean lies
// between zero and its maximum, and the entropy is that of the policy.
func TestLastStats(t *testing.T) {
	net := smallNet(t)
	e, err := NewEvaluator(net, NewBasic(), EvaluatorOptions{CacheSize: 8})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(21, 22))
	// Without KeepStats none; an entry cached then is computed again after.
	first := randomGame(t, rng, 15, 15, engine.Freestyle, 20)
	e.Policy(first, nil)
	if len(e.LastStats()) != 0 {
		t.Fatal("statistics without KeepStats")
	}
	e.KeepStats()
	_, hits := e.CacheStats()
	e.Policy(first, nil)
	if _, h := e.CacheStats(); h != hits || len(e.LastStats()) != StatsLen(net.Arch()) {
		t.Fatalf("an entry cached without statistics answered (%d hits, %d statistics)", h-hits, len(e.LastStats()))
	}
	var prev []float32
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Renju} {
		for _, size := range []int{15, 20} {
			b := randomGame(t, rng, size, size, rule, 30)
			p := e.Policy(b, nil)
			st := slices.Clone(e.LastStats())
			if len(st) != StatsLen(net.Arch()) {
				t.Fatalf("%d statistics, want %d", len(st), StatsLen(net.Arch()))
			}
			for c := 0; c < net.Arch().Channels; c++ {
				mean, mx := st[2*c], st[2*c+1]
				if !(mean >= 0 && mean <= mx) {
					t.Errorf("channel %d: mean %v, maximum %v", c, mean, mx)
				}
			}
			var ent float64
			for _, q := range p {
				if q > 0 {
					ent -= float64(q) * math.Log(float64(q))
				}
			}
			if got := float64(st[len(st)-1]); math.Abs(got-ent) > 1e-3 {
				t.Errorf("entropy %v, want %v", got, ent)
			}
			if prev != nil && slices.Equal(prev, st) {
				t.Error("another position, the same statistics")
			}
			e.Policy(b, nil) // a cache hit
			if !slices.Equal(e.LastStats(), st) {
				t.Error("the cache's statistics differ from the call's")
			}
			prev = st
		}
	}
}
