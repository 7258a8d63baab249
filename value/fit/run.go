package fit

import (
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/value"
)

// Config is one training run.
type Config struct {
	Set    value.FeatureSet
	Sample SampleOptions
	Fit    Options
	// MLP, when its Hidden is positive, adds a hidden layer beside the
	// logistic regression's weights (MLP).
	MLP MLPOptions
	// Extra are samples labelled otherwise (EngineSamples): fitted with
	// the games' samples of their rule and board size, reported in their
	// own buckets.
	Extra []Sample
	// Baseline, when not nil, is a model scored beside the new one (the
	// current default, say), of a feature set whose features begin the
	// samples' (value.FeatureSet.PrefixOf); another is not scored.
	Baseline *value.Model
}

// Row is one line of the report: a rule and board size, and on its
// held-out positions the static evaluation as the search reads it
// (tanh(score/400)), the static evaluation with its scale refitted on the
// rule's training positions, and the learned model.
type Row struct {
	Bucket                 string
	Train                  int
	Static, Refit, Learned Metrics
	RefitScale             float64
	// Baseline scores Config.Baseline (N 0 when it has none, or no
	// weights for the bucket).
	Baseline Metrics
}

// Run samples games, fits a model per rule and board size and reports, on held-out
// games by rule and board size, the model beside the static evaluation.
// Progress goes to log.
func Run(cfg Config, games []nn.Game, log io.Writer) (*value.Model, []Row, error) {
	d := cfg.Set.Len()
	if d == 0 {
		return nil, nil, fmt.Errorf("unknown feature set %v", cfg.Set)
	}
	if cfg.Set.Sparse() {
		if cfg.MLP.Hidden <= 0 {
			return nil, nil, fmt.Errorf("the %v features are fitted with a hidden layer", cfg.Set)
		}
		cfg.Sample.Sparse = cfg.Set
		cfg.MLP.Raw = value.Patterns.Len()
	}
	if cfg.Set == value.Trunk && cfg.Sample.Features == nil {
		return nil, nil, fmt.Errorf("the %v features are the network's: the samples need SampleOptions.Features", cfg.Set)
	}
	for _, s := range cfg.Extra {
		if len(s.F) < d {
			return nil, nil, fmt.Errorf("an extra sample has %d features, the set %v %d", len(s.F), cfg.Set, d)
		}
	}
	samples, st := Samples(games, cfg.Sample)
	fmt.Fprintf(log, "%d games with a result (%d without), %d positions sampled, %d settled by the static evaluation, %d kept\n",
		st.Games, st.NoResult, st.Positions, st.Exact, len(samples))
	if len(cfg.Extra) > 0 {
		fmt.Fprintf(log, "%d more positions labelled otherwise\n", len(cfg.Extra))
		samples = append(samples, cfg.Extra...)
	}
	model := value.NewNetModel(cfg.Set, max(cfg.MLP.Hidden, 0))
	scales := map[value.Key]float64{}
	keys := map[value.Key]bool{}
	for _, s := range samples {
		keys[s.Key] = true
	}
	for _, key := range sortedKeys(keys) {
		var train, test []*Sample
		for i := range samples {
			if s := &samples[i]; s.Key == key {
				if s.Test {
					test = append(test, s)
				} else {
					train = append(train, s)
				}
			}
		}
		if len(train) == 0 {
			continue
		}
		name := fmt.Sprintf("%s %d", key.Rule, key.Size)
		fmt.Fprintf(log, "%s: %d training positions, %d held out, %d features (%v)\n", name, len(train), len(test), d, cfg.Set)
		xs, ys := make([][]float32, len(train)), make([]float32, len(train))
		for i, s := range train {
			xs[i], ys[i] = s.F[:d], s.Y
		}
		// Newton's method costs d² a sample: the Codes set's own features
		// start at zero and only the hidden layer's training fits them.
		dn := min(d, value.Patterns.Len())
		w, err := Logistic(xs, ys, dn, cfg.Fit, func(step int, w []float64) {
			writeProgress(log, name, step, score(train, w, dn), score(test, w, dn))
		})
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		w = append(w, make([]float64, d-dn)...)
		params := w
		if cfg.MLP.Hidden > 0 {
			net, err := MLP(xs, ys, d, w, cfg.MLP, func(epoch int, n *Net) {
				writeProgress(log, name+" hidden", epoch, scoreNet(train, n, d), scoreNet(test, n, d))
			})
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %w", name, err)
			}
			params = net.Params()
		}
		w32 := make([]float32, len(params))
		for i, x := range params {
			w32[i] = float32(x)
		}
		model.SetWeights(key, w32)
		scales[key] = refitScale(train)
	}
	// The report scores the float32 weights the model keeps.
	var rows []Row
	byBucket := map[string][]*Sample{}
	trainN := map[string]int{}
	for i := range samples {
		s := &samples[i]
		if s.Test {
			byBucket[s.Bucket] = append(byBucket[s.Bucket], s)
		} else {
			trainN[s.Bucket]++
		}
	}
	for _, bucket := range slices.Sorted(maps.Keys(byBucket)) {
		set := byBucket[bucket]
		if model.Weights(set[0].Key) == nil {
			continue
		}
		y := func(i int) float32 { return set[i].Y }
		k := scales[set[0].Key]
		row := Row{Bucket: bucket, Train: trainN[bucket], RefitScale: 2 * staticUnit / k,
			Static:  Measure(len(set), func(i int) float64 { return Sigmoid(2 * float64(set[i].Static) / staticUnit) }, y),
			Refit:   Measure(len(set), func(i int) float64 { return Sigmoid(k * float64(set[i].Static) / staticUnit) }, y),
			Learned: Measure(len(set), func(i int) float64 { return Sigmoid(predict(model, set[i], d)) }, y),
		}
		if cfg.Set == value.Trunk {
			// The leaf value the node value starts from is its feature 1.
			row.Baseline = Measure(len(set), func(i int) float64 { return Sigmoid(float64(set[i].F[1])) }, y)
		} else if cfg.Baseline != nil && cfg.Baseline.Set().PrefixOf(cfg.Set) {
			// A baseline reads a prefix of the samples' features; one of
			// another set (Codes beside Fine) has none to read.
			if b := cfg.Baseline; b.Weights(set[0].Key) != nil {
				bd := b.Set().Len()
				row.Baseline = Measure(len(set), func(i int) float64 { return Sigmoid(predict(b, set[i], bd)) }, y)
			}
		}
		rows = append(rows, row)
	}
	return model, rows, nil
}

// WriteReport prints the rows as a table.
func WriteReport(w io.Writer, set value.FeatureSet, rows []Row) {
	fmt.Fprintf(w, "\nheld-out positions (log-loss, accuracy on decided games); static = tanh(score/400) as the search reads it, refit = the scale fitted on the training positions, learned = %v\n", set)
	fmt.Fprintf(w, "%-24s %8s %8s  %-24s %-32s %-24s %s\n", "rule board", "train", "test", "static", "static refit (scale)", "learned", "baseline")
	for _, r := range rows {
		base := "-"
		if r.Baseline.N > 0 {
			base = r.Baseline.String()
		}
		fmt.Fprintf(w, "%-24s %8d %8d  %-24v %-24v (%4.0f)  %-24v %s\n", r.Bucket, r.Train, r.Static.N, r.Static, r.Refit, r.RefitScale, r.Learned, base)
	}
}

// sortedKeys are the keys by rule, then size.
func sortedKeys(keys map[value.Key]bool) []value.Key {
	out := slices.Collect(maps.Keys(keys))
	slices.SortFunc(out, func(a, b value.Key) int {
		if a.Rule != b.Rule {
			return int(a.Rule) - int(b.Rule)
		}
		return a.Size - b.Size
	})
	return out
}

// staticUnit is the static score's unit in the search's tanh(score/400).
const staticUnit = 400

// predict is m's logit for sample s, whose first d features are m's set.
func predict(m *value.Model, s *Sample, d int) float64 {
	z, _ := m.Predict(s.Key.Rule, s.Key.Size, s.F[:d])
	return z
}

// scoreNet measures the net n on samples.
func scoreNet(set []*Sample, n *Net, d int) Metrics {
	return Measure(len(set), func(i int) float64 { return Sigmoid(n.Logit(set[i].F[:d])) },
		func(i int) float32 { return set[i].Y })
}

// score measures weights w on samples.
func score(set []*Sample, w []float64, d int) Metrics {
	return Measure(len(set), func(i int) float64 {
		var z float64
		for j, x := range set[i].F[:d] {
			z += w[j] * float64(x)
		}
		return Sigmoid(z)
	}, func(i int) float32 { return set[i].Y })
}

// refitScale fits k in Sigmoid(k·score/400) to the samples (the static
// value's only free constant; the search's is k = 2). The log-loss is
// convex in k, so its derivative is increasing: bisection finds its zero
// in [0, 20] without the overshoots of Newton's method on the flat far
// tails of large scores.
func refitScale(set []*Sample) float64 {
	lo, hi := 0.0, 20.0
	for range 60 {
		k := (lo + hi) / 2
		var g float64
		for _, s := range set {
			x := float64(s.Static) / staticUnit
			g += (Sigmoid(k*x) - float64(s.Y)) * x
		}
		if g > 0 {
			hi = k
		} else {
			lo = k
		}
	}
	return (lo + hi) / 2
}
