package nn

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// TrainConfig sets up a supervised training run.
type TrainConfig struct {
	// Seed drives the initial weights, the batches and the symmetries.
	Seed uint64
	// Threads is the number of goroutines a batch is split over.
	Threads int
	// Batch is the number of positions per step.
	Batch int
	// Steps is the length of the run: the learning rate warms up over
	// Warmup steps, then follows a cosine down to MinLR at Steps.
	Steps, Warmup int64
	// LR and MinLR bound the learning rate; WeightDecay is AdamW's.
	LR, MinLR, WeightDecay float64
	// EvalEvery is the number of steps between held-out evaluations, on
	// at most EvalPositions positions of the test games.
	EvalEvery, EvalPositions int
	// Checkpoint is the checkpoint path, written every CheckpointEvery
	// steps and at the end; Out is where the weights go at the same
	// times. Either may be empty.
	Checkpoint, Out string
	CheckpointEvery int
	// MaxTime stops the run (with a checkpoint) after this long, and
	// StopAt once the step count reaches it; 0 means no such limit.
	// Neither changes the schedule, so a run stopped early resumes
	// exactly.
	MaxTime time.Duration
	StopAt  int64
	// Log receives the progress lines.
	Log io.Writer
	// Teacher, when set, is a network (say a wider one) whose move
	// probabilities join the played move in every training target:
	// knowledge distillation. TeacherWeight (0-1) is the teacher's share
	// of the target, TeacherTemp the temperature of its softmax (1 or 0:
	// its own probabilities; above 1 flatter). It runs in 8 bits where it
	// can, on the same board and symmetry as the student. A checkpoint
	// does not record the teacher: a resumed run is given it again.
	Teacher                    *Net
	TeacherWeight, TeacherTemp float64
	// Value, when set, is a value head trained with the network: each
	// position of a game with a known result also asks it for the
	// result, and ValueWeight times its log-loss joins the objective, its
	// gradient reaching the trunk through the trunk statistics
	// (valuehead.go). Held-out lines then report its log-loss and
	// accuracy, once before the first step too. A checkpoint does not
	// record the head: its caller saves it.
	Value       ValueHead
	ValueWeight float64
	// AfterSave, when set, runs after every save of the checkpoint and
	// the weights, for what the run does not record itself (a value
	// head's parameters); its error ends the run.
	AfterSave func() error
}

// position is one training or test sample: a game and a ply in it.
type position struct {
	game int32
	ply  int32
}

// positionsOf lists the predicted moves of games.
func positionsOf(games []Game) []position {
	var ps []position
	for gi := range games {
		g := &games[gi]
		for ply := g.Opening; ply < len(g.Moves); ply++ {
			ps = append(ps, position{int32(gi), int32(ply)})
		}
	}
	return ps
}

// Accuracy sums the outcomes of a set of positions.
type Accuracy struct {
	// N counts the positions scored; Skipped those whose recorded move
	// was illegal (a forbidden move that lost the game).
	N, Skipped int
	// Top1 and Top5 count the positions whose move was the network's
	// first choice, or among its first five.
	Top1, Top5 int
	// Loss is the sum of the cross-entropy losses.
	Loss float64
	// Obj is the sum of the training objectives: Loss, or with a teacher
	// the cross-entropy against the mixed targets.
	Obj float64
	// VN counts the positions a value head valued (TrainConfig.Value),
	// VRight those it put on the right side, VLoss sums its log-losses.
	VN, VRight int
	VLoss      float64
}

func (a *Accuracy) add(o outcome) {
	a.N++
	a.Loss += o.loss
	a.Obj += o.obj
	if o.rank == 0 {
		a.Top1++
	}
	if o.rank < 5 {
		a.Top5++
	}
	if o.valued {
		a.VN++
		a.VLoss += o.vloss
		if o.vright {
			a.VRight++
		}
	}
}

// Merge adds b's counts to a.
func (a *Accuracy) Merge(b Accuracy) {
	a.N += b.N
	a.Skipped += b.Skipped
	a.Top1 += b.Top1
	a.Top5 += b.Top5
	a.Loss += b.Loss
	a.Obj += b.Obj
	a.VN += b.VN
	a.VRight += b.VRight
	a.VLoss += b.VLoss
}

func (a Accuracy) String() string {
	if a.N == 0 {
		return "no positions"
	}
	n := float64(a.N)
	line := fmt.Sprintf("loss %.4f  top-1 %.2f%%  top-5 %.2f%%  (%d positions)",
		a.Loss/n, 100*float64(a.Top1)/n, 100*float64(a.Top5)/n, a.N)
	if a.VN > 0 {
		line += fmt.Sprintf("  value %.4f / %.1f%% (%d)", a.VLoss/float64(a.VN), 100*float64(a.VRight)/float64(a.VN), a.VN)
	}
	return line
}

// valueTarget is the result of game g for the side to move before ply
// (black moves first): 1 a win, 0 a loss, 1/2 a draw, -1 unknown.
func valueTarget(g *Game, ply int) float64 {
	black := ply%2 == 0
	switch g.Result {
	case ResultBlack:
		if black {
			return 1
		}
		return 0
	case ResultWhite:
		if black {
			return 0
		}
		return 1
	case ResultDraw:
		return 0.5
	}
	return -1
}

// Evaluate scores net on every predicted move of games, without symmetry,
// over threads goroutines, and sums the results by group(game) (use a
// constant for one total).
func Evaluate(net *Net, newFeatures func() Features, games []Game, threads int, group func(*Game) string) map[string]*Accuracy {
	return evaluatePositions(net, newFeatures, games, positionsOf(games), threads, group, defaultKernels())
}

// EvaluateInt8 is Evaluate with the network's blocks in 8 bits, as an
// Evaluator with EvaluatorOptions.Int8 runs them; a network that cannot run
// in 8 bits is refused.
func EvaluateInt8(net *Net, newFeatures func() Features, games []Game, threads int, group func(*Game) string) (map[string]*Accuracy, error) {
	q, err := quantize(net)
	if err != nil {
		return nil, err
	}
	return evaluateWith(net, q, newFeatures, games, positionsOf(games), threads, group, defaultKernels(), nil), nil
}

func evaluatePositions(net *Net, newFeatures func() Features, games []Game, ps []position, threads int, group func(*Game) string, k kernels) map[string]*Accuracy {
	return evaluateWith(net, nil, newFeatures, games, ps, threads, group, k, nil)
}

// evaluateWith is evaluatePositions with the blocks in 8 bits when q is
// net's quantized form, and head, when set, valuing every position of a
// game with a known result.
func evaluateWith(net *Net, q *qnet, newFeatures func() Features, games []Game, ps []position, threads int, group func(*Game) string, k kernels, head ValueHead) map[string]*Accuracy {
	threads = max(1, threads)
	parts := make([]map[string]*Accuracy, threads)
	var wg sync.WaitGroup
	for t := 0; t < threads; t++ {
		wg.Add(1)
		go func(t int) {
			defer wg.Done()
			s := newSampler(newFeatures(), k)
			s.q = q
			s.head, s.thread = head, t
			res := map[string]*Accuracy{}
			for i := t; i < len(ps); i += threads {
				g := &games[ps[i].game]
				key := group(g)
				acc := res[key]
				if acc == nil {
					acc = &Accuracy{}
					res[key] = acc
				}
				b, mv, err := g.Position(int(ps[i].ply), 0)
				if err != nil {
					acc.Skipped++
					continue
				}
				s.vtarget = valueTarget(g, int(ps[i].ply))
				o, ok := s.run(net, b, mv, nil, 0)
				if !ok {
					acc.Skipped++
					continue
				}
				acc.add(o)
			}
			parts[t] = res
		}(t)
	}
	wg.Wait()
	total := map[string]*Accuracy{}
	for _, p := range parts {
		for k, a := range p {
			if total[k] == nil {
				total[k] = &Accuracy{}
			}
			total[k].Merge(*a)
		}
	}
	return total
}

// lrAt is the learning rate of step (1-based): linear warm-up, then a
// cosine from LR down to MinLR at Steps.
func (c *TrainConfig) lrAt(step int64) float64 {
	if step <= c.Warmup {
		return c.LR * float64(step) / float64(max(c.Warmup, 1))
	}
	f := float64(step-c.Warmup) / float64(max(c.Steps-c.Warmup, 1))
	f = min(f, 1)
	return c.MinLR + (c.LR-c.MinLR)*0.5*(1+math.Cos(math.Pi*f))
}

// Train runs supervised learning of net (with optimiser opt, fresh or from
// a checkpoint) on the predicted moves of train, under random symmetries,
// reporting held-out accuracy on test. It stops at cfg.Steps, at
// cfg.MaxTime or when ctx is cancelled, saving a checkpoint and the
// weights each time it stops.
func Train(ctx context.Context, cfg TrainConfig, net *Net, opt *Adam, newFeatures func() Features, train, test []Game) error {
	logf := func(format string, args ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, format+"\n", args...)
		}
	}
	ps := positionsOf(train)
	if len(ps) == 0 {
		return fmt.Errorf("nn: no training positions")
	}
	testPs := positionsOf(test)
	rng := rand.New(rand.NewPCG(cfg.Seed, 0xe7a1))
	rng.Shuffle(len(testPs), func(i, j int) { testPs[i], testPs[j] = testPs[j], testPs[i] })
	if cfg.EvalPositions > 0 && len(testPs) > cfg.EvalPositions {
		testPs = testPs[:cfg.EvalPositions]
	}
	if cfg.Teacher != nil && !(cfg.TeacherWeight >= 0 && cfg.TeacherWeight <= 1) {
		return fmt.Errorf("nn: teacher weight %v outside 0-1", cfg.TeacherWeight)
	}
	threads := max(1, cfg.Threads)
	k := defaultKernels()
	workers := make([]*sampler, threads)
	grads := make([][]float32, threads)
	teachers := make([]*teacher, threads)
	for i := range workers {
		workers[i] = newSampler(newFeatures(), k)
		workers[i].head, workers[i].thread, workers[i].vweight = cfg.Value, i, float32(cfg.ValueWeight)
		grads[i] = make([]float32, net.NumParams())
		if cfg.Teacher != nil {
			tc, err := newTeacher(cfg.Teacher, cfg.Teacher.NewFeatures(), cfg.TeacherTemp)
			if err != nil {
				return err
			}
			teachers[i] = tc
		}
	}
	logf("train: %d positions from %d games; test: %d positions from %d games; %s; %d parameters; kernels %s; %d threads",
		len(ps), len(train), len(testPs), len(test), net.Arch(), net.NumParams(), k.name, threads)
	if cfg.Teacher != nil {
		logf("train: teacher %s, %.2f of the target, temperature %.2f, 8 bits %v",
			cfg.Teacher.Arch(), cfg.TeacherWeight, teachers[0].temp, teachers[0].ev.Int8())
	}
	opt.WeightDecay = cfg.WeightDecay
	start := time.Now()
	var run Accuracy
	save := func() error {
		if cfg.Checkpoint != "" {
			if err := WriteFileAtomic(cfg.Checkpoint, func(w io.Writer) error { return SaveCheckpoint(w, net, opt) }); err != nil {
				return err
			}
		}
		if cfg.Out != "" {
			if err := WriteFileAtomic(cfg.Out, net.Save); err != nil {
				return err
			}
		}
		if cfg.AfterSave != nil {
			return cfg.AfterSave()
		}
		return nil
	}
	heldOut := func() string {
		res := evaluateWith(net, nil, newFeatures, test, testPs, threads, func(*Game) string { return "" }, k, cfg.Value)
		return "held-out " + res[""].String()
	}
	if cfg.Value != nil && len(testPs) > 0 {
		logf("step %d (before training)  %s", opt.Step, heldOut())
	}
	lastLog, lastStep := start, opt.Step
	for opt.Step < cfg.Steps {
		if ctx.Err() != nil || (cfg.MaxTime > 0 && time.Since(start) > cfg.MaxTime) || (cfg.StopAt > 0 && opt.Step >= cfg.StopAt) {
			logf("stopping at step %d", opt.Step)
			return save()
		}
		step := opt.Step + 1
		// The batch depends on the seed and the step alone, so a resumed
		// run sees the batches it would have seen.
		brng := rand.New(rand.NewPCG(cfg.Seed^0x5eed, uint64(step)))
		batch := make([]position, cfg.Batch)
		syms := make([]int, cfg.Batch)
		for i := range batch {
			batch[i] = ps[brng.IntN(len(ps))]
			g := &train[batch[i].game]
			syms[i] = brng.IntN(NumSymmetries(g.W, g.H))
		}
		accs := make([]Accuracy, threads)
		var wg sync.WaitGroup
		scale := 1 / float32(cfg.Batch)
		for t := 0; t < threads; t++ {
			wg.Add(1)
			go func(t int) {
				defer wg.Done()
				clear(grads[t])
				for i := t; i < len(batch); i += threads {
					g := &train[batch[i].game]
					b, mv, err := g.Position(int(batch[i].ply), syms[i])
					if err != nil {
						continue
					}
					var soft []float32
					if tc := teachers[t]; tc != nil {
						soft = tc.probs(b)
					}
					workers[t].vtarget = valueTarget(g, int(batch[i].ply))
					if o, ok := workers[t].runSoft(net, b, mv, soft, cfg.TeacherWeight, grads[t], scale); ok {
						accs[t].add(o)
					} else {
						accs[t].Skipped++
					}
				}
			}(t)
		}
		wg.Wait()
		for t := 1; t < threads; t++ {
			for i, v := range grads[t] {
				grads[0][i] += v
			}
		}
		for _, a := range accs {
			run.Merge(a)
		}
		opt.LR = cfg.lrAt(step)
		opt.Update(net, grads[0])
		if cfg.Value != nil {
			cfg.Value.Step(opt.LR)
		}
		if early := step - lastStep; early < int64(cfg.EvalEvery) && (early == 1 || early == 10 || early == 100) {
			// The first report would otherwise wait EvalEvery steps (500 by
			// default, minutes on one core): say early that the run moves.
			logf("step %d lr %.2e  train %s  %.0f pos/s  [%s]", step, opt.LR, run,
				float64(early)*float64(cfg.Batch)/time.Since(lastLog).Seconds(), time.Since(start).Round(time.Second))
		}
		if cfg.EvalEvery > 0 && step%int64(cfg.EvalEvery) == 0 || step == cfg.Steps {
			el := time.Since(lastLog).Seconds()
			rate := float64(step-lastStep) * float64(cfg.Batch) / el
			lastLog, lastStep = time.Now(), step
			line := fmt.Sprintf("step %d lr %.2e  train %s  %.0f pos/s", step, opt.LR, run, rate)
			if cfg.Teacher != nil && run.N > 0 {
				line += fmt.Sprintf("  objective %.4f", run.Obj/float64(run.N))
			}
			if len(testPs) > 0 {
				line += "  | " + heldOut()
			}
			logf("%s  [%s]", line, time.Since(start).Round(time.Second))
			run = Accuracy{}
		}
		if cfg.CheckpointEvery > 0 && step%int64(cfg.CheckpointEvery) == 0 {
			if err := save(); err != nil {
				return err
			}
		}
	}
	return save()
}

// WriteFileAtomic writes a file through a temporary one and a rename, so an
// interrupted run never leaves half a checkpoint (or half of anything else
// a training writes beside it, such as a value head).
func WriteFileAtomic(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	if err := write(tmp); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	// CreateTemp makes the file private; weights are meant to be shared.
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
