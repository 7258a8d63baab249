package manager

import (
	"errors"
	"fmt"
	"math"
)

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// Elo is the logistic Elo difference that gives expected score s:
// -400 log10(1/s - 1). It is -Inf at 0 and +Inf at 1.
func Elo(s float64) float64 {
	return -400 * math.Log10(1/s-1)
}

// ExpectedScore is the inverse of Elo.
func ExpectedScore(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// Trinomial counts game results from one engine's side.
type Trinomial struct {
	Wins, Draws, Losses int
}

// Games is the number of games counted.
func (t Trinomial) Games() int { return t.Wins + t.Draws + t.Losses }

// samples are the per-game scores 0, 1/2, 1 with their counts.
func (t Trinomial) samples() ([]float64, []int) {
	return []float64{0, 0.5, 1}, []int{t.Losses, t.Draws, t.Wins}
}

// Pentanomial counts pairs of games (one opening, both colours) by the
// points one engine scored in the pair: index 0 is 0 points, 1 is 1/2, up
// to 4 for 2 points. Pairs are more alike than single games (a strong
// opening for black helps both engines once), so the pair variance gives a
// tighter and more honest error bar than the trinomial.
type Pentanomial [5]int

// Pairs is the number of pairs counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// samples are the per-pair scores 0, 1/4, ..., 1 (points / 2) with counts.
func (p Pentanomial) samples() ([]float64, []int) {
	return []float64{0, 0.25, 0.5, 0.75, 1}, p[:]
}

// moments are the count, mean and variance of weighted samples.
func moments(vals []float64, counts []int) (n int, mean, variance float64) {
	for i, c := range counts {
		n += c
		mean += float64(c) * vals[i]
	}
	if n == 0 {
		return 0, 0, 0
	}
	mean /= float64(n)
	for i, c := range counts {
		d := vals[i] - mean
		variance += float64(c) * d * d
	}
	return n, mean, variance / float64(n)
}

// Estimate is a score and its Elo difference with a 95% confidence
// interval, from the normal approximation of the sample mean.
type Estimate struct {
	// Model is "trinomial" (games) or "pentanomial" (game pairs).
	Model string
	// N is the number of samples: games or pairs.
	N int
	// Score is the mean score (0 to 1) and ScoreLo, ScoreHi its 95%
	// interval, clipped to [0, 1].
	Score, ScoreLo, ScoreHi float64
	// Elo is Elo(Score); EloLo and EloHi bound it; Margin is half the
	// interval's width, the usual "± x". Any of them may be infinite when
	// a bound reaches a score of 0 or 1.
	Elo, EloLo, EloHi, Margin float64
}

// estimate computes an Estimate from weighted samples.
func estimate(model string, vals []float64, counts []int) Estimate {
	n, mean, v := moments(vals, counts)
	e := Estimate{Model: model, N: n, Score: mean}
	if n == 0 {
		e.Score, e.Elo = math.NaN(), math.NaN()
		e.ScoreLo, e.ScoreHi = math.NaN(), math.NaN()
		e.EloLo, e.EloHi, e.Margin = math.NaN(), math.NaN(), math.NaN()
		return e
	}
	se := math.Sqrt(v / float64(n))
	e.ScoreLo = math.Max(0, mean-z95*se)
	e.ScoreHi = math.Min(1, mean+z95*se)
	e.Elo, e.EloLo, e.EloHi = Elo(mean), Elo(e.ScoreLo), Elo(e.ScoreHi)
	e.Margin = (e.EloHi - e.EloLo) / 2
	if math.IsInf(e.EloLo, 0) || math.IsInf(e.EloHi, 0) {
		// An interval reaching a score of 0 or 1 has no finite width.
		e.Margin = math.Inf(1)
	}
	return e
}

// Estimate is the Elo estimate from the games.
func (t Trinomial) Estimate() Estimate {
	v, c := t.samples()
	return estimate("trinomial", v, c)
}

// Estimate is the Elo estimate from the game pairs.
func (p Pentanomial) Estimate() Estimate {
	v, c := p.samples()
	return estimate("pentanomial", v, c)
}

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against
// H1: Elo = Elo1 (logistic Elo), with error rates Alpha (accepting H1 when
// H0 holds) and Beta (accepting H0 when H1 holds).
//
// The log-likelihood ratio is the generalised SPRT of the normal
// approximation (as fishtest and c-chess-cli compute it): with N samples of
// mean m and variance v, and s0, s1 the expected scores of Elo0 and Elo1,
//
//	LLR = N (s1 - s0) (2m - s0 - s1) / (2v).
//
// The bounds are Wald's: ln(Beta/(1-Alpha)) below and ln((1-Beta)/Alpha)
// above.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// SPRTMinPairs is the number of game pairs a match plays before its SPRT
// may decide. The LLR rests on a normal approximation with the variance
// estimated from the pairs themselves; from a handful of pairs (a 4-0 start
// crossed the bounds of SPRT(0, 200)) that estimate is too rough to stop on.
const SPRTMinPairs = 10

// check validates the parameters.
func (s SPRT) check() error {
	switch {
	case !(s.Elo1 > s.Elo0):
		return errors.New("SPRT needs elo0 < elo1")
	case !(s.Alpha > 0 && s.Alpha < 1 && s.Beta > 0 && s.Beta < 1):
		return errors.New("SPRT alpha and beta must be between 0 and 1")
	}
	return nil
}

// Bounds are the LLR values at which H0 (lower) or H1 (upper) is accepted.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// llr is the LLR of weighted samples. While every sample so far has the
// same score (all wins, say) the variance is zero and the normal
// approximation has no LLR; the variance is then taken from the samples
// plus one more at the neutral score 1/2, so that a run of wins is evidence
// that grows with its length instead of deciding at the first sample. All
// samples at 1/2 give 0: no evidence either way yet.
func (s SPRT) llr(vals []float64, counts []int) float64 {
	n, mean, v := moments(vals, counts)
	if n == 0 {
		return 0
	}
	if v <= 0 {
		m1 := (mean*float64(n) + 0.5) / float64(n+1)
		v = (float64(n)*(mean-m1)*(mean-m1) + (0.5-m1)*(0.5-m1)) / float64(n+1)
		if v <= 0 {
			return 0
		}
	}
	s0, s1 := ExpectedScore(s.Elo0), ExpectedScore(s.Elo1)
	return float64(n) * (s1 - s0) * (2*mean - s0 - s1) / (2 * v)
}

// LLRTrinomial is the LLR of game results.
func (s SPRT) LLRTrinomial(t Trinomial) float64 {
	v, c := t.samples()
	return s.llr(v, c)
}

// LLRPentanomial is the LLR of game pair results.
func (s SPRT) LLRPentanomial(p Pentanomial) float64 {
	v, c := p.samples()
	return s.llr(v, c)
}

// Verdict says where a sequential test stands.
type Verdict string

// The states of an SPRT.
const (
	Continue Verdict = "continue"
	AcceptH0 Verdict = "H0 accepted"
	AcceptH1 Verdict = "H1 accepted"
)

// Decide compares an LLR with the bounds.
func (s SPRT) Decide(llr float64) Verdict {
	lo, hi := s.Bounds()
	switch {
	case llr >= hi:
		return AcceptH1
	case llr <= lo:
		return AcceptH0
	}
	return Continue
}

// String shows the test's parameters.
func (s SPRT) String() string {
	return fmt.Sprintf("SPRT elo0=%g elo1=%g alpha=%g beta=%g", s.Elo0, s.Elo1, s.Alpha, s.Beta)
}
