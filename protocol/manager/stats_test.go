package manager

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestElo(t *testing.T) {
	tests := []struct {
		score, elo float64
	}{
		{0.5, 0},
		// 0.75: 1/s - 1 = 1/3, so Elo = 400 log10(3) = 190.8485.
		{0.75, 190.848501887865},
		{0.25, -190.848501887865},
		// 0.9: 400 log10(9) = 381.6970.
		{0.9, 381.69700377572985},
		// 10/11: 400 log10(10) = 400 exactly.
		{10.0 / 11, 400},
	}
	for _, tc := range tests {
		if got := Elo(tc.score); !near(got, tc.elo, 1e-9) {
			t.Errorf("Elo(%v) = %v, want %v", tc.score, got, tc.elo)
		}
		if got := ExpectedScore(tc.elo); !near(got, tc.score, 1e-12) {
			t.Errorf("ExpectedScore(%v) = %v, want %v", tc.elo, got, tc.score)
		}
	}
	if !math.IsInf(Elo(1), 1) || !math.IsInf(Elo(0), -1) {
		t.Errorf("Elo(1), Elo(0) = %v, %v; want +Inf, -Inf", Elo(1), Elo(0))
	}
}

func TestTrinomialEstimate(t *testing.T) {
	// 30 wins, 10 losses, 10 draws in 50 games: mean (30 + 5)/50 = 0.7;
	// variance (30*0.3^2 + 10*0.2^2 + 10*0.7^2)/50 = (2.7+0.4+4.9)/50 = 0.16;
	// standard error sqrt(0.16/50) = 0.0565685; 95% interval
	// 0.7 -+ 1.959964*0.0565685 = [0.589128, 0.810872];
	// Elo(0.7) = 147.19, Elo(0.589128) = 62.60, Elo(0.810872) = 252.88,
	// margin (252.88 - 62.60)/2 = 95.14.
	e := Trinomial{Wins: 30, Losses: 10, Draws: 10}.Estimate()
	checks := []struct {
		name      string
		got, want float64
	}{
		{"score", e.Score, 0.7},
		{"score lo", e.ScoreLo, 0.5891276940520257},
		{"score hi", e.ScoreHi, 0.8108723059479742},
		{"elo", e.Elo, 147.19071411783776},
		{"elo lo", e.EloLo, 62.60102772385952},
		{"elo hi", e.EloHi, 252.8789362401932},
		{"margin", e.Margin, 95.13895425816685},
	}
	for _, c := range checks {
		if !near(c.got, c.want, 1e-6) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if e.N != 50 || e.Model != "trinomial" {
		t.Errorf("N, Model = %d, %q", e.N, e.Model)
	}
}

func TestPentanomialEstimate(t *testing.T) {
	// Pairs scoring 0, 1/2, 1, 3/2, 2 points: 2, 5, 10, 8, 5 (30 pairs).
	// Per-pair scores 0, .25, .5, .75, 1: mean (1.25+5+6+5)/30 = 0.575;
	// variance 0.0797917; interval 0.575 -+ 1.959964*sqrt(0.0797917/30)
	// = [0.473920, 0.676080]; Elo 52.51, margin 72.98.
	e := Pentanomial{2, 5, 10, 8, 5}.Estimate()
	if !near(e.Score, 0.575, 1e-12) || !near(e.ScoreLo, 0.4739197675549183, 1e-9) ||
		!near(e.ScoreHi, 0.6760802324450816, 1e-9) {
		t.Errorf("score %v [%v, %v]", e.Score, e.ScoreLo, e.ScoreHi)
	}
	if !near(e.Elo, 52.51156585572754, 1e-6) || !near(e.Margin, 72.98158909718522, 1e-6) {
		t.Errorf("Elo %v ± %v, want 52.51 ± 72.98", e.Elo, e.Margin)
	}
	if e.N != 30 {
		t.Errorf("N = %d, want 30 pairs", e.N)
	}
}

func TestEstimateEdges(t *testing.T) {
	// All wins: the score is 1, its interval has no width (no variance),
	// and the Elo is infinite; formatting and JSON must cope.
	e := Trinomial{Wins: 4}.Estimate()
	if !math.IsInf(e.Elo, 1) || !math.IsInf(e.Margin, 1) || formatElo(e) != "+inf ± inf" {
		t.Errorf("all wins: Elo %v ± %v, shown %q", e.Elo, e.Margin, formatElo(e))
	}
	empty := Trinomial{}.Estimate()
	if !math.IsNaN(empty.Elo) || formatElo(empty) != "n/a" {
		t.Errorf("no games: %v %q", empty.Elo, formatElo(empty))
	}
	// Mixed results with a bound clipped at 1.
	e = Trinomial{Wins: 9, Draws: 1}.Estimate()
	if e.ScoreHi != 1 || !math.IsInf(e.EloHi, 1) || math.IsInf(e.EloLo, 0) {
		t.Errorf("clipped interval: [%v, %v] Elo [%v, %v]", e.ScoreLo, e.ScoreHi, e.EloLo, e.EloHi)
	}
}

func TestSPRT(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	lo, hi := s.Bounds()
	// ln(0.05/0.95) = -ln 19 = -2.944439.
	if !near(lo, -2.9444389791664403, 1e-12) || !near(hi, 2.9444389791664403, 1e-12) {
		t.Errorf("bounds [%v, %v], want -+ln 19", lo, hi)
	}

	// Trinomial 60 wins, 40 losses, 100 draws: mean 0.55, variance
	// (60*0.45^2 + 100*0.05^2 + 40*0.55^2)/200 = 0.1225. s0 = 0.5,
	// s1 = 1/(1+10^(-10/400)) = 0.5143872. LLR = 200 * 0.0143872 *
	// (1.1 - 1.0143872) / (2*0.1225) = 1.005492.
	if got := s.LLRTrinomial(Trinomial{Wins: 60, Losses: 40, Draws: 100}); !near(got, 1.0054917129579661, 1e-9) {
		t.Errorf("trinomial LLR = %v, want 1.005492", got)
	}

	// Pentanomial 10, 30, 60, 50, 20 (170 pairs) for elo0 = -5, elo1 = 5:
	// mean 0.5588235, variance 0.0700692, s0 = 0.4928044, s1 = 0.5071956;
	// LLR = 170 * 0.0143912 * (1.1176471 - 1) / (2*0.0700692) = 2.053707.
	s2 := SPRT{Elo0: -5, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	if got := s2.LLRPentanomial(Pentanomial{10, 30, 60, 50, 20}); !near(got, 2.0537072730033032, 1e-9) {
		t.Errorf("pentanomial LLR = %v, want 2.053707", got)
	}

	// A run of identical pair scores has no variance; the LLR uses the
	// variance with one more neutral pair: for n pairs of 2 points the
	// neutral-augmented mean is m1 = (n+1/2)/(n+1) and the variance
	// (n(1-m1)^2 + (1/2-m1)^2)/(n+1). n = 9: m1 = 0.95, v = 0.0225,
	// LLR = 9 * 0.0143872 * 0.9856128 / 0.045 = 2.836 (continue);
	// n = 10: v = 0.0206612, LLR = 3.4316 (H1).
	for _, tc := range []struct {
		n    int
		want float64
		v    Verdict
	}{{1, 0.11344154478217879, Continue}, {9, 2.8360386195544693, Continue}, {10, 3.431606729660908, AcceptH1}} {
		llr := s.LLRPentanomial(Pentanomial{0, 0, 0, 0, tc.n})
		if !near(llr, tc.want, 1e-9) || s.Decide(llr) != tc.v {
			t.Errorf("%d winning pairs: LLR %v (%s), want %v (%s)", tc.n, llr, s.Decide(llr), tc.want, tc.v)
		}
	}
	if got := s.LLRPentanomial(Pentanomial{0, 0, 7, 0, 0}); got != 0 {
		t.Errorf("all drawn pairs: LLR %v, want 0", got)
	}
	if got := s.LLRPentanomial(Pentanomial{}); got != 0 {
		t.Errorf("no pairs: LLR %v, want 0", got)
	}

	for _, tc := range []struct {
		llr float64
		v   Verdict
	}{{0, Continue}, {2.9, Continue}, {2.95, AcceptH1}, {-2.95, AcceptH0}, {-2.9, Continue}} {
		if got := s.Decide(tc.llr); got != tc.v {
			t.Errorf("Decide(%v) = %s, want %s", tc.llr, got, tc.v)
		}
	}

	for _, bad := range []SPRT{{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05}, {Elo0: 0, Elo1: 5, Alpha: 0, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 1}} {
		if bad.check() == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

func TestSPRTLowerBound(t *testing.T) {
	// Losing pairs drive the LLR down to H0: 30 pairs of 1/2 point and 30
	// of 1 point give mean 0.375, far below both hypotheses.
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	llr := s.LLRPentanomial(Pentanomial{0, 30, 30, 0, 0})
	if s.Decide(llr) != AcceptH0 {
		t.Errorf("LLR %v: %s, want H0", llr, s.Decide(llr))
	}
}
