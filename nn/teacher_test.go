package nn

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// legalTarget picks a random legal cell of b.
func legalTarget(rng *rand.Rand, b *engine.Board) engine.Point {
	for {
		t := engine.Point{X: rng.IntN(b.Width()), Y: rng.IntN(b.Height())}
		if b.Legal(b.Pos(t.X, t.Y)) {
			return t
		}
	}
}

// TestSoftTargetGradient checks the distillation objective's gradient by
// its parts: with no teacher weight it is the played move's (whose
// gradient TestGradientCheck checks against finite differences), with a
// mix it is the mix of the two parts' gradients, and against the
// network's own probabilities at full weight it vanishes (the softmax's
// gradient is p - q). The objective is the loss without a teacher, and the
// played move's loss against a one-hot teacher on that move.
func TestSoftTargetGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	net, err := NewRandom(tinyArch, 9)
	if err != nil {
		t.Fatal(err)
	}
	for i := range net.params {
		net.params[i] += float32(rng.NormFloat64() * 0.05)
	}
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Renju} {
		b := randomGame(t, rng, 9, 9, rule, 14)
		target := legalTarget(rng, b)
		s := newSampler(NewBasic(), defaultKernels())
		n := net.NumParams()
		grad := func(soft []float32, alpha float64) ([]float32, outcome) {
			g := make([]float32, n)
			o, ok := s.runSoft(net, b, target, soft, alpha, g, 1)
			if !ok {
				t.Fatal("target not legal")
			}
			return g, o
		}
		// The teacher: a random distribution over the legal cells.
		legal := LegalMask(b, nil)
		soft := make([]float32, len(legal))
		var sum float32
		for i, ok := range legal {
			if ok {
				soft[i] = rng.Float32() + 0.01
				sum += soft[i]
			}
		}
		for i := range soft {
			soft[i] /= sum
		}
		hard, oh := grad(nil, 0.7) // no teacher: the weight is ignored
		if oh.obj != oh.loss {
			t.Errorf("%v: objective %v without a teacher, loss %v", rule, oh.obj, oh.loss)
		}
		full, _ := grad(soft, 1)
		mixed, om := grad(soft, 0.3)
		if om.loss != oh.loss || om.rank != oh.rank {
			t.Errorf("%v: the played move's loss and rank changed with a teacher: %+v, %+v", rule, om, oh)
		}
		var norm float64
		for i := range hard {
			want := 0.7*float64(hard[i]) + 0.3*float64(full[i])
			if d := math.Abs(float64(mixed[i]) - want); d > 1e-5+1e-4*math.Abs(want) {
				t.Fatalf("%v: param %d: mixed gradient %v, mix of the parts %v", rule, i, mixed[i], want)
			}
			norm = max(norm, math.Abs(float64(full[i])))
		}
		if norm < 1e-3 {
			t.Fatalf("%v: the teacher's gradient is %v at most: the check says nothing", rule, norm)
		}
		onehot := make([]float32, len(legal))
		onehot[target.Y*b.Width()+target.X] = 1
		if _, o := grad(onehot, 1); math.Abs(o.obj-o.loss) > 1e-9 {
			t.Errorf("%v: objective %v against a one-hot teacher, loss %v", rule, o.obj, o.loss)
		}
		// The network's own probabilities, in floats, as the teacher.
		ev, err := NewEvaluator(net, NewBasic(), EvaluatorOptions{CacheSize: -1})
		if err != nil {
			t.Fatal(err)
		}
		self, _ := grad(ev.Policy(b, nil), 1)
		for i, v := range self {
			if math.Abs(float64(v)) > 1e-5 {
				t.Fatalf("%v: param %d: gradient %v against the network's own probabilities", rule, i, v)
			}
		}
	}
}

// randomGames are games of uniformly random moves: their recorded moves
// follow no rule at all.
func randomGames(n int, seed uint64) []Game {
	rng := rand.New(rand.NewPCG(seed, 2))
	games := make([]Game, 0, n)
	for len(games) < n {
		b, _ := engine.New(9, 9, engine.Freestyle)
		g := Game{W: 9, H: 9, Rule: engine.Freestyle, Source: "random", Opening: 1}
		for len(g.Moves) < 12 {
			p := engine.Point{X: rng.IntN(9), Y: rng.IntN(9)}
			q := b.Pos(p.X, p.Y)
			if b.At(q) != engine.Empty || b.IsFive(q, b.SideToMove()) {
				continue
			}
			g.Moves = append(g.Moves, p)
			b.Make(q)
		}
		games = append(games, g)
	}
	return games
}

// TestTrainDistils: a teacher that learnt a rule (play right of the
// opponent's last stone) passes it to a student that only ever sees games
// of random moves, whose recorded moves teach nothing; the same student
// trained on those moves alone does not learn it.
func TestTrainDistils(t *testing.T) {
	feats := func() Features { return NewBasic() }
	rule := syntheticGames(t, 120, 1)
	ruleTrain, ruleTest := rule[:100], rule[100:]
	teacherNet, _ := NewRandom(tinyArch, 1)
	cfg := TrainConfig{Seed: 1, Threads: 2, Batch: 32, Steps: 150, Warmup: 10, LR: 5e-3, MinLR: 1e-4}
	if err := Train(context.Background(), cfg, teacherNet, NewAdam(teacherNet), feats, ruleTrain, nil); err != nil {
		t.Fatal(err)
	}
	top1 := func(net *Net) float64 {
		a := Evaluate(net, feats, ruleTest, 2, func(*Game) string { return "" })[""]
		return float64(a.Top1) / float64(a.N)
	}
	noise := randomGames(100, 3)
	student := func(alpha float64) float64 {
		net, _ := NewRandom(tinyArch, 5)
		c := cfg
		c.Seed = 2
		if alpha > 0 {
			c.Teacher, c.TeacherWeight = teacherNet, alpha
		}
		if err := Train(context.Background(), c, net, NewAdam(net), feats, noise, nil); err != nil {
			t.Fatal(err)
		}
		return top1(net)
	}
	bad := cfg
	bad.Teacher, bad.TeacherWeight = teacherNet, 1.5
	if net, _ := NewRandom(tinyArch, 6); Train(context.Background(), bad, net, NewAdam(net), feats, noise, nil) == nil {
		t.Error("a teacher weight of 1.5 was accepted")
	}
	tt, distilled, plain := top1(teacherNet), student(1), student(0)
	t.Logf("top-1 on the rule's games: teacher %.2f, distilled student %.2f, student of the random moves %.2f", tt, distilled, plain)
	if tt < 0.4 || distilled < 0.75*tt || plain > tt/2 {
		t.Fatalf("teacher %.2f, distilled %.2f, plain %.2f: the rule did not pass through the teacher alone", tt, distilled, plain)
	}
}
