package nn

import (
	"fmt"
	"math"

	"github.com/kakugo/kakugo/engine"
)

// DefaultCacheSize is the number of positions an Evaluator remembers when
// its options leave CacheSize at zero.
const DefaultCacheSize = 4096

// EvaluatorOptions configure an Evaluator.
type EvaluatorOptions struct {
	// CacheSize is the number of cached positions, rounded up to a power
	// of two; 0 means DefaultCacheSize and a negative value turns the
	// cache off.
	CacheSize int
	// Int8 runs the residual blocks on 8-bit integers (quant.go): about
	// three times faster where the processor has AVX-512 VNNI, twice on
	// AVX2, with a held-out top-1 accuracy within a tenth of a point of
	// the float network's (single probabilities move by up to a few
	// hundredths: TestInt8Network). The weights are
	// quantized once, when the evaluator is made: an evaluator of a
	// network still in training sees the weights of that moment. A
	// network whose channels are not whole groups of four runs in floats.
	Int8 bool
}

// Evaluator turns positions into move probabilities with a network and a
// feature set, and caches the answers by Zobrist key. It owns its buffers
// and cache and is not safe for concurrent use: give each search thread
// its own (they can share the Net).
type Evaluator struct {
	net    *Net
	q      *qnet // the blocks in 8 bits (EvaluatorOptions.Int8), or nil
	feats  Features
	ws     *Workspace
	planes []float32
	legal  []bool
	cache  []cacheEntry
	hits   int
	calls  int
	// Trunk statistics (trunk.go), kept only when asked for: they cost
	// about 14% of a call.
	keepStats bool
	stats     []float32 // the last Policy call's
}

// cacheEntry is one remembered position; the Zobrist key covers the stones
// and the side to move, and the size and rule are checked beside it.
type cacheEntry struct {
	key   uint64
	w, h  int16
	rule  engine.Rule
	valid bool
	probs []float32
	stats []float32
}

// NewEvaluator checks that f is the feature set net was trained on and
// returns an evaluator.
func NewEvaluator(net *Net, f Features, opt EvaluatorOptions) (*Evaluator, error) {
	a := net.Arch()
	if f.Name() != a.Features || f.NumPlanes() != a.Planes {
		return nil, fmt.Errorf("nn: network wants features %q with %d planes, got %q with %d",
			a.Features, a.Planes, f.Name(), f.NumPlanes())
	}
	e := &Evaluator{net: net, feats: f, ws: NewWorkspace()}
	if opt.Int8 && quantizable(a) {
		e.q, _ = quantize(net)
	}
	size := opt.CacheSize
	if size == 0 {
		size = DefaultCacheSize
	}
	if size > 0 {
		n := 1
		for n < size {
			n <<= 1
		}
		e.cache = make([]cacheEntry, n)
	}
	return e, nil
}

// Int8 reports whether the evaluator runs the network's blocks in 8 bits.
func (e *Evaluator) Int8() bool { return e.q != nil }

// CacheStats reports the number of Policy calls and how many the cache
// answered.
func (e *Evaluator) CacheStats() (calls, hits int) { return e.calls, e.hits }

// Policy writes into dst[y*w+x] the probability of each move of the side to
// move on b: a softmax of the network's logits over the legal cells, zero
// on occupied cells and, for black under renju, on forbidden points. It
// returns dst, grown if it was shorter than the board. On a full board
// every probability is zero.
func (e *Evaluator) Policy(b *engine.Board, dst []float32) []float32 {
	w, h := b.Width(), b.Height()
	n := w * h
	if cap(dst) < n {
		dst = make([]float32, n)
	}
	dst = dst[:n]
	e.calls++
	var ent *cacheEntry
	if e.cache != nil {
		key := b.Hash()
		ent = &e.cache[key&uint64(len(e.cache)-1)]
		// An entry cached before KeepStats has no statistics: a miss then.
		if ent.valid && ent.key == key && int(ent.w) == w && int(ent.h) == h && ent.rule == b.Rule() &&
			(!e.keepStats || len(ent.stats) > 0) {
			e.hits++
			copy(dst, ent.probs)
			e.stats = append(e.stats[:0], ent.stats...)
			return dst
		}
	}
	e.Logits(b, dst)
	e.legal = LegalMask(b, e.legal)
	top := float32(0)
	if e.keepStats {
		top = topLegal(dst, e.legal) // before the softmax turns logits into probabilities
	}
	Softmax(dst, e.legal)
	e.stats = e.stats[:0]
	if e.keepStats {
		e.fillStats(w, h, top, dst)
	}
	if ent != nil {
		ent.key, ent.w, ent.h, ent.rule, ent.valid = b.Hash(), int16(w), int16(h), b.Rule(), true
		ent.probs = append(ent.probs[:0], dst...)
		ent.stats = append(ent.stats[:0], e.stats...)
	}
	return dst
}

// Logits writes the network's raw logits for b into dst[y*w+x], without
// masking or cache; dst must hold w*h values.
func (e *Evaluator) Logits(b *engine.Board, dst []float32) {
	w, h := b.Width(), b.Height()
	np := e.feats.NumPlanes() * w * h
	if cap(e.planes) < np {
		e.planes = make([]float32, np)
	}
	e.planes = e.planes[:np]
	clear(e.planes)
	e.feats.Fill(b, e.planes)
	// Sizes come from an engine.Board, which Forward accepts.
	_ = e.net.forwardWith(e.ws, e.q, e.planes, w, h, dst)
}

// LegalMask sets mask[y*w+x] to whether the side to move may play at
// (x, y), exactly as engine.Board.Legal says, and returns mask (grown if
// needed). It asks IsForbidden only where black has at least two stones
// near the cell in two lines, or four in one: a forbidden point needs two
// fours or threes (or an overline), and each of those needs that many.
func LegalMask(b *engine.Board, mask []bool) []bool {
	w, h := b.Width(), b.Height()
	if cap(mask) < w*h {
		mask = make([]bool, w*h)
	}
	mask = mask[:w*h]
	renjuBlack := b.Rule() == engine.Renju && b.SideToMove() == engine.Black
	dirs := b.Dirs()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := b.Pos(x, y)
			ok := b.At(p) == engine.Empty
			if ok && renjuBlack {
				lines, most := 0, 0
				for _, d := range dirs {
					k := 0
					for i := engine.Pos(1); i <= 4; i++ {
						if b.At(p+i*d) == engine.Black {
							k++
						}
						if b.At(p-i*d) == engine.Black {
							k++
						}
					}
					if k >= 2 {
						lines++
					}
					most = max(most, k)
				}
				if (lines >= 2 || most >= 4) && b.IsForbidden(p) {
					ok = false
				}
			}
			mask[y*w+x] = ok
		}
	}
	return mask
}

// Softmax replaces x with the softmax of its values over the cells where
// legal is true, and zero elsewhere. With no legal cell every value is 0.
func Softmax(x []float32, legal []bool) {
	m := float32(math.Inf(-1))
	for i, v := range x {
		if legal[i] && v > m {
			m = v
		}
	}
	var sum float64
	for i, v := range x {
		if !legal[i] {
			x[i] = 0
			continue
		}
		// Below e^-40 a probability is nothing next to the best move's,
		// and skipping math.Exp there avoids its slow underflow path.
		var e float32
		if d := v - m; d > -40 {
			e = float32(math.Exp(float64(d)))
		}
		x[i] = e
		sum += float64(e)
	}
	if sum == 0 {
		return
	}
	inv := float32(1 / sum)
	for i := range x {
		x[i] *= inv
	}
}
