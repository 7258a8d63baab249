package manager

import "math"

// Ratings fits one Elo rating per engine to every game of the match
// (Bradley-Terry by maximum likelihood, a draw counting half a win each way),
// anchored so that the first engine is 0. A round robin's pairwise Elo
// differences disagree with each other; these ratings are the one scale that
// explains all games best, which is what a ladder needs.
//
// Each pair that played gets one extra virtual draw: without it an engine
// that won or lost every game would sit at plus or minus infinity. Engines
// that played no game get NaN.
func (s *Summary) Ratings() []float64 {
	n := len(s.Engines)
	games := make([][]float64, n) // games[i][j]: games between i and j, virtual draw included
	score := make([]float64, n)   // i's total score, virtual draws included
	for i := range games {
		games[i] = make([]float64, n)
	}
	for _, p := range s.Pairs {
		g := float64(p.Results.Games())
		if g == 0 {
			continue
		}
		games[p.A][p.B] += g + 1
		games[p.B][p.A] += g + 1
		a := p.Results.Score() + 0.5
		score[p.A] += a
		score[p.B] += g + 1 - a
	}
	// Minorization-maximization (Hunter 2004): gamma_i = W_i / sum_j n_ij / (gamma_i + gamma_j).
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	next := make([]float64, n)
	for iter := 0; iter < 10000; iter++ {
		change := 0.0
		for i := range gamma {
			den := 0.0
			for j := range gamma {
				if games[i][j] > 0 {
					den += games[i][j] / (gamma[i] + gamma[j])
				}
			}
			next[i] = gamma[i]
			if den > 0 {
				next[i] = score[i] / den
			}
		}
		for i := range gamma {
			change = math.Max(change, math.Abs(math.Log(next[i]/gamma[i])))
			gamma[i] = next[i]
		}
		if change < 1e-10 {
			break
		}
	}
	out := make([]float64, n)
	for i := range out {
		played := false
		for j := range games[i] {
			played = played || games[i][j] > 0
		}
		if !played || gamma[0] <= 0 {
			out[i] = math.NaN()
			continue
		}
		out[i] = 400 * math.Log10(gamma[i]/gamma[0])
	}
	return out
}
