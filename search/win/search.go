package win

import (
	"context"
	"errors"
	"math"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/proof"
	"github.com/kakugo/kakugo/search/threat"
)

// The winning search, Garcia's "winning MCTS" (2020, 2.1.2): an AND/OR
// search over forcing moves only. At the attacker's nodes one move that
// wins is enough; at the defender's nodes every reply that parries the
// threat must lose. VCF lets the attacker play fours only, VCT also open
// threes. Every proof it reports has been replayed by proof.Check, which
// shares no code with the search, against every legal defence.

// Method selects the search algorithm.
type Method uint8

const (
	// DepthFirst is depth-first search with iterative deepening on the
	// number of attacking moves, with the transposition table keeping the
	// proofs and depth-bounded disproofs between iterations.
	DepthFirst Method = iota
	// ProofNumber is depth-first proof-number search (df-pn, after
	// Allis's proof numbers) under the same attack-depth limit, deepened
	// the same way.
	ProofNumber
)

func (m Method) String() string {
	if m == ProofNumber {
		return "df-pn"
	}
	return "dfs"
}

// Threats selects the quiet attacking moves of a VCT: moves that make
// no four but threaten to win. Open threes threaten an unstoppable four;
// the wider sets add closed threes and twos, each kept only where it
// threatens a win by fours (a VCF search with the defender passing says).
// Prove widens step by step: each threat level is its own search, run
// winLevelLag attacking moves behind the narrower one in the deepening.
type Threats uint8

const (
	// ThreatsAuto is ThreatsTwos: on an even tenth of the renju
	// collection's VCTs, 1 s of CPU each, open threes alone solved 58 of
	// 108, with closed threes 74, with twos 75 (later, with a faster
	// search and checker, closed threes 79 and twos 83).
	ThreatsAuto Threats = iota
	// ThreatsOpenThrees: open threes only (Garcia's VCT).
	ThreatsOpenThrees
	// ThreatsThrees: open threes, then closed threes.
	ThreatsThrees
	// ThreatsTwos: open threes, then closed threes, then twos.
	ThreatsTwos
)

// maxLevel is the widest threat level Threats allows: 0 for open threes,
// 1 with closed threes, 2 with twos.
func (w *Search) maxLevel() int {
	switch w.Threats {
	case ThreatsOpenThrees:
		return 0
	case ThreatsThrees:
		return 1
	}
	return 2
}

// threatLevel is the level of the search under way.
func (w *Search) threatLevel() int { return w.level }

// winLevelLag is how many attacking moves each wider threat level runs
// behind the one before it in iterative deepening: the wide searches
// cost the most, and most wins need only open threes.
const winLevelLag = 2

// Schedule is how Prove raises the attack-depth limit from one
// iteration to the next.
type Schedule uint8

const (
	// ScheduleAuto is ScheduleFull for VCF and ScheduleStep for
	// VCT, which measured fastest on the renju problem collection.
	ScheduleAuto Schedule = iota
	// ScheduleStep: 2, 3, 4, ... attacking moves, up to MaxDepth.
	ScheduleStep
	// ScheduleDouble: 2, 4, 8, ... attacking moves, up to MaxDepth.
	ScheduleDouble
	// ScheduleFull: one iteration at MaxDepth.
	ScheduleFull
	// ScheduleQuiet (VCT, depth-first search only): every iteration at
	// MaxDepth, deepening instead on the number of quiet attacking moves
	// (threes) allowed: 1, 2, 3, ... At 1 s of CPU it solved a few more of
	// the renju collection's hardest VCTs than ScheduleStep but lost
	// more of the easier ones (on a sample of 104 that step solved, 95 of
	// 104 against 100), so it is not the default.
	ScheduleQuiet
	// ScheduleWeighted (VCT, depth-first search only): one search
	// with every threat level's moves, deepened 2, 3, 4, ... on a budget
	// where each attacking move costs by its threat (winCost: a four 1,
	// an open three 2, a closed three 3, a two 4), instead of a separate,
	// lagging search for each threat level, so that the wider threats do
	// not search the open threes' tree again. On every fourth renju VCT
	// problem (270) at 1 s of CPU it solved 220 against ScheduleStep's
	// 215 (the costs 1/2/3, 2/2/3 and 2/3/5 for open three/closed
	// three/two solved 216, 216 and 217), but on all 1,080 only 832
	// against 849, and in the player it lost Elo: not the default. With
	// leaf VCFs (since 2026-11-25) it solved 926 of the 1,080 at 800,000
	// nodes each against the step schedule's 928 (costs 1/2/3: 930,
	// 1/2/4: 924), each solving 14 to 20 that the other does not.
	ScheduleWeighted
)

// Default attack-depth limits, in attacker moves (the final five
// included). Renju problem collections have VCFs of well over 30 fours;
// VCTs are bushier, and past a dozen moves a search rarely finishes.
const (
	DefaultVCFDepth = 100
	DefaultVCTDepth = 16
	// DefaultWeightedDepth is the VCT limit under ScheduleWeighted, in
	// winCost units (open threes cost 2: about DefaultVCTDepth moves).
	DefaultWeightedDepth = 24
	// DefaultLeafVCF is LeafVCF's default. On every eighth renju VCT
	// problem (135) with 800,000 nodes each, the leaf VCFs solved 110
	// (off), 114 (4), 115 (12, 16, 24, 100), with fewer nodes in all.
	DefaultLeafVCF = 16
)

// Search is a reusable proof search over forcing moves (owns its
// transposition table). It is not safe for concurrent use.
type Search struct {
	// MaxDepth bounds the attack in attacker moves, the final five
	// included; 0 means DefaultVCFDepth or DefaultVCTDepth.
	MaxDepth int
	// Method is the search algorithm (DepthFirst by default).
	Method Method
	// Schedule is the iterative deepening on attack depth.
	Schedule Schedule
	// Threats are the VCT's quiet (non-four) attacking moves.
	Threats Threats
	// Reader is what answers the search's Position: the threat tracker
	// where it applies (ReaderAuto) or the evaluator. Both give the same
	// answers, so the search's nodes and results do not depend on it,
	// only its speed.
	Reader Reader
	// LeafVCF (VCT, every method and schedule): at every attacker node with
	// at least two moves of budget left, first look for a VCF of up to
	// budget+LeafVCF fours (within MaxDepth when it is set), so that a
	// VCT ending in a long run of fours is found without the depth to
	// search threes all along it. 0 means DefaultLeafVCF; negative: off.
	LeafVCF int
	// NoVerify skips Check on found proofs. Tests and benchmarks of
	// the raw search set it; players leave it off, so that a reported win
	// is a checked one.
	NoVerify bool
	// VCFZone (VCT, every method): 0 keeps each leaf VCF's fours after
	// its first near the attacker's previous four (zone.go), as Rapfi's
	// quick VCF does; negative lets them play every four. On 120
	// positions from games against Rapfi (the tactics sets f15-a, f15-b,
	// r15-a), one core, it proved 32 within 75 ms against 24 and 48
	// within 150 ms against 46, 62 within 300 ms against 56, and 78
	// within 1 s either way.
	VCFZone int
	// LevelLag (VCT, depth-first search, step and double schedules): how
	// many attacking moves each wider threat level runs behind the
	// narrower one; 0 means winLevelLag. 3 proved 244 of 673 of Rapfi's
	// announced wins within 120,000 nodes against 230 with 2, but in play
	// converted no more of them and was level in a match (docs/testing.md,
	// 2026-11-29 session 15): an option, not the default.
	LevelLag int
	// ThreatZone (VCT, depth-first search; 0: off): below the root, the
	// attacker's quiet threats (threes, closed threes, twos) must lie in
	// the zone of one of its last ThreatZone moves since the root (at most
	// 16; inZone: within two cells, or on a line within four). Like the
	// leaf VCFs' zone it costs completeness, never soundness (its
	// disproofs are stored as depth-bounded, but under the plain VCT's
	// keys, so they may also hide wins from later searches that share
	// the table). It proved fewer of Rapfi's wins within 700,000 nodes at
	// both settings tried (2, and every move since the root): off.
	ThreatZone int
	// Detect reports a win as soon as the root is proven, without
	// extracting the proof or replaying it through Check: Result.Proof is
	// nil, Line is the first move alone, Depth 0, and Move is the table's
	// move at the root (NoPos in the rare case the table lost it). It is
	// for callers that only ask whether a win exists, such as the
	// player's move check, which drops a move the opponent wins against:
	// on 383 positions of games against full Rapfi after the move that
	// let its announced win in, the extraction and the check took most of
	// a short search's time (our VCT knew 20 of the wins within 60 ms
	// with Detect, 5 without; 52 and 38 within 300 ms; docs/testing.md,
	// 2026-11-29 session 17). The price is the checker's guard against a
	// search bug, which has refused no proof since the renju repair of
	// 2026-11-28.
	Detect bool
	// KeepUnchecked: when the limits stop a found proof's extraction or
	// its check, or the extraction loses the proof (the defender's
	// replies it regenerates may differ from the search's), the win is
	// reported all the same, as under Detect, if the table holds the
	// root's move (else no win, as without it); Kept counts them. For the
	// player's own VCT, which used to drop such a win and let the tree
	// search choose: on 129 positions where Rapfi had announced a win,
	// our VCT at 150 ms proved 30 and kept 5 more, at 300 ms 38 and 8 more
	// (docs/testing.md, 2026-11-29 session 17). A checked proof still
	// wins when there is time for it, and its answers play the rest of
	// the attack.
	KeepUnchecked bool
	// Kept counts the wins KeepUnchecked reported without a proof.
	Kept int
	// call is what this Prove call does with a proven root (Prove takes
	// it from Detect, KeepUnchecked and NoVerify; Verdict and the internal
	// callers choose their own).
	call winMode
	// checkNodes, when positive, is the found proofs' check budget in
	// place of checkBudget's (tests: a check the limits stop).
	checkNodes int64
	// Rejected counts the proofs Check refused (reported as no win).
	// Any non-zero value is a search bug.
	Rejected int
	// CheckGrace lets a found proof's check run this long past the
	// search's deadline (the context still bounds it). A deep proof can
	// take its check as long as the search took to find it (one of 16
	// attacker moves: found in 100 ms, checked in 40-100 more on a loaded
	// machine), and a proof found near the deadline was thrown away
	// unchecked: 0 binds the check to the deadline too.
	CheckGrace time.Duration
	// Unchecked counts the proofs found whose check the limits cut short
	// (reported as no win: a win is only claimed once checked).
	Unchecked int

	tt winTable

	// The current search.
	b           *engine.Board
	ev          *eval.Evaluator // the caller's: the potentials, frozen at the root
	th          Position        // what the search reads: ev, or tr
	tr          *threat.Tracker // kept from search to search (Reset)
	external    Position        // a Prober's tracker, on the board under search, read in place of ev (nil: none)
	tracking    bool            // th is tr, attached to b in ev's place
	evAttached  bool            // ev was attached to b, and is again at the end
	att, def    engine.Color
	kind        proof.Kind
	salt        uint64
	caro        bool
	attStones   int     // attacker moves below the root that count against the budget
	charged     []uint8 // per search ply: its move's cost and chargeQuiet bit
	quiet       int     // quiet attacker moves (threes) below the root
	quietLimit  int     // quiet moves allowed in the current proof.VCT iteration (0: no such limit)
	quietCuts   int64   // how often the quiet-move limit cut the search
	rootStones  int     // attacker stones on the board at the root
	weighted    bool    // ScheduleWeighted: quiet moves cost by threat level (moveCost)
	limit       int     // attack budget at the root of the current iteration
	leafExtra   int     // the leaf VCFs' fours beyond the budget (0: none)
	depthCap    int     // no proof may need more attacker moves than this
	nodes       int64
	nextCheck   int64
	maxNodes    int64
	deadline    time.Time
	ctx         context.Context
	stopped     bool
	cutoffs     int64   // how often a depth limit cut the search
	level       int     // the proof.VCT threat level under way
	hist        []int32 // history scores of attacking moves that proved a node
	dhist       []int32 // history scores of defending moves that refuted an attack
	bufs        [][]winMove
	cells       []engine.Pos
	kill        []engine.Pos
	fives       []engine.Pos // preProbe's five points
	noPreProbe  bool         // tests: play every four instead (preProbe)
	threat      []engine.Pos
	threatSeen  map[uint64]bool
	blocks      []engine.Pos // the defender's blocks in a threat's proof
	fivePts     []engine.Pos // the attacker's five points in a threat's proof
	forbidden   []engine.Pos // those black could not block because forbidden
	gains       []engine.Pos
	plain       *engine.Board // caro: a copy of b without observers (plainBoard)
	pn          winPNState
	zone        bool       // the VCF under way is a zone-restricted leaf VCF
	zoneFrom    int        // the board's move count at its root
	zoneStride  engine.Pos // the board geometry zoneOffsets was made for
	zoneOffsets []bool     // inZone's table
	rootCount   int        // the board's move count at Prove's root (ThreatZone)
	lead        engine.Pos // the VCT's lead (Result.Lead, noteLead)
	iterLead    engine.Pos // the lead of the iteration under way
	iterWork    int64      // the nodes iterLead took
}

// Result is the outcome of a Prove.
type Result struct {
	Win   bool         // a proven forced win for the side to move
	Move  engine.Pos   // its first move (NoPos when !Win; may be NoPos under Detect)
	Line  []engine.Pos // one principal winning line, attacker and defender moves
	Proof *proof.Proof // the attacker's answer to every defence (nil when !Win)
	Nodes int64
	// Depth is the number of attacker moves of the longest line of the
	// proof, the final five included (0 when !Win).
	Depth int
	// Complete is true when the search ended without a limit cutting it:
	// a win, or a proof that none exists within MaxDepth.
	Complete bool
	// Lead is, when a limit stopped a depth-first VCT before it settled
	// the root, the root's attacking move that took the most nodes in the
	// latest iteration that reached the root's moves (counting the one
	// under search when the limit struck): the attack that held out
	// longest, which a later move's search may finish; when the search
	// proved the root but the limits stopped the proof's extraction or
	// check (and KeepUnchecked is off), the table's winning move. NoPos
	// otherwise.
	Lead engine.Pos
}

// New returns a search with a transposition table of about
// ttEntries entries (16 bytes each, 24 under df-pn; rounded down to a
// power of two).
func New(ttEntries int) *Search {
	return &Search{tt: newWinTable(ttEntries), threatSeen: map[uint64]bool{}}
}

// Clear drops the transposition table (YXHASHCLEAR).
func (w *Search) Clear() { w.tt.clear() }

// winSalts separate the table's keys by search (VCF, then VCT at each
// threat level: a disproof with fewer threats is none with more) and by
// attacker colour.
var winSalts = [5][2]uint64{
	{0x9c1f_6e4b_2a73_d805, 0x3b8e_1d27_f4c6_a951},
	{0xd4a2_7f18_c93e_6b0d, 0x61f3_b5c8_0e2d_974a},
	{0x27b6_e019_5fd4_8c3a, 0xe85c_3a71_0b9f_d264},
	{0x5a0e_94c7_d23b_16f8, 0x0f47_c2d8_6e1a_b395},
	{0xb1d9_3e6a_84f2_c507, 0x7c25_e0b4_19d8_f36a}, // ScheduleWeighted
}

// saltFor is the key salt of a search kind at a threat level.
func (w *Search) saltFor(kind proof.Kind, level int) uint64 {
	if kind == proof.VCF {
		return winSalts[0][w.att-1]
	}
	if w.weighted {
		return winSalts[4][w.att-1]
	}
	return winSalts[1+level][w.att-1]
}

// Prove looks for a forced win for the side to move. ev must be attached
// to b (eval.Attach); b and ev are restored before it returns. It stops at
// the deadline (the zero time means none), at maxNodes (0 = no limit), or
// when ctx is done.
//
// Detect and KeepUnchecked say what a proven root reports; Verdict is
// Prove under Detect for one call.
func (w *Search) Prove(ctx context.Context, b *engine.Board, ev *eval.Evaluator,
	kind proof.Kind, deadline time.Time, maxNodes int64) Result {
	return w.prove(ctx, b, ev, kind, deadline, maxNodes,
		winMode{detect: w.Detect, keep: w.KeepUnchecked, verify: !w.NoVerify})
}

// winMode is what one call does with a proven root: report it with the
// table's first move alone (detect), or extract its proof, check it
// (verify), and report a win whose extraction or check failed anyway
// (keep).
type winMode struct{ detect, keep, verify bool }

// Verdict is Prove for a caller that reads only whether the side to move
// wins (and at most the first move): the root's proof is neither
// extracted nor checked, whatever Detect says.
func (w *Search) Verdict(ctx context.Context, b *engine.Board, ev *eval.Evaluator,
	kind proof.Kind, deadline time.Time, maxNodes int64) Result {
	return w.prove(ctx, b, ev, kind, deadline, maxNodes, winMode{detect: true})
}

// proveChecked is Prove with the proof extracted (and checked unless
// NoVerify) whatever Detect and KeepUnchecked say: for the callers that
// claim its win (Forced).
func (w *Search) proveChecked(ctx context.Context, b *engine.Board, ev *eval.Evaluator,
	kind proof.Kind, deadline time.Time, maxNodes int64) Result {
	return w.prove(ctx, b, ev, kind, deadline, maxNodes, winMode{verify: !w.NoVerify})
}

// prove is Prove with this call's mode, which finish reads.
func (w *Search) prove(ctx context.Context, b *engine.Board, ev *eval.Evaluator,
	kind proof.Kind, deadline time.Time, maxNodes int64, mode winMode) Result {
	w.call = mode
	w.begin(ctx, b, ev, kind, deadline, maxNodes)
	defer w.end()
	res := Result{Move: engine.NoPos, Lead: engine.NoPos}
	w.lead = engine.NoPos
	if len(ev.Fives(w.att)) > 0 {
		// A five on the board needs no search and no proof table.
		f := minPos(ev.Fives(w.att))
		res.Win, res.Move, res.Line, res.Depth, res.Complete = true, f, []engine.Pos{f}, 1, true
		res.Proof = proof.New(b, w.att, kind)
		return res
	}
	w.weighted = kind == proof.VCT && w.Method == DepthFirst && w.schedule(kind) == ScheduleWeighted
	maxDepth := w.MaxDepth
	if maxDepth <= 0 {
		switch {
		case w.weighted:
			maxDepth = DefaultWeightedDepth
		case kind == proof.VCT:
			maxDepth = DefaultVCTDepth
		default:
			maxDepth = DefaultVCFDepth
		}
	}
	w.leafExtra, w.depthCap = 0, maxDepth
	if w.MaxDepth <= 0 {
		w.depthCap = DefaultVCFDepth // the default proof.VCT limit bounds the threes' search, not the leaf VCFs
	}
	if kind == proof.VCT && w.LeafVCF >= 0 {
		w.leafExtra = w.LeafVCF
		if w.leafExtra == 0 {
			w.leafExtra = DefaultLeafVCF
		}
	}
	if kind == proof.VCT && w.Method == DepthFirst && w.schedule(kind) == ScheduleQuiet {
		w.proveQuiet(&res, maxDepth)
		res.Nodes = w.nodes
		return res
	}
	// Iterative deepening on attack depth, and for VCT widening: each
	// threat level runs winLevelLag moves behind the narrower one.
	levels, lag := 1, 0
	if w.weighted || (kind == proof.VCT && w.Method == ProofNumber) {
		// One search with every threat level's moves, priced by moveCost,
		// or ordered by df-pn's initial proof numbers (pnInit): on every
		// eighth renju VCT problem at 800,000 nodes, df-pn solved 117 of 135
		// this way and 115 with a search per threat level.
		w.level = w.maxLevel()
	} else if kind == proof.VCT {
		levels = w.maxLevel() + 1
		if w.schedule(kind) != ScheduleFull {
			lag = winLevelLag
			if w.LevelLag > 0 {
				lag = w.LevelLag
			}
		}
	}
	var done [3]bool
search:
	for depth := w.firstDepth(kind, maxDepth); !done[levels-1]; depth = w.nextDepth(kind, depth) {
		for lv := 0; lv < levels; lv++ {
			d := min(depth-lag*lv, maxDepth)
			if done[lv] || d < 2 {
				continue
			}
			if levels > 1 {
				w.level = lv
			}
			w.salt, w.limit, w.cutoffs = w.saltFor(kind, w.level), d, 0
			var r winRes
			if w.Method == ProofNumber {
				r = w.pnRoot()
			} else {
				r, _ = w.dfsAttack(0)
			}
			switch {
			case r == winUnknown:
				res.Lead = w.lead
				break search
			case r == winProven:
				w.finish(&res)
				break search
			case w.cutoffs == 0 || d == maxDepth:
				// No deeper search can find more at this level, nor at
				// the narrower ones.
				for l := 0; l <= lv; l++ {
					done[l] = true
				}
			}
		}
		res.Complete = done[levels-1]
	}
	res.Nodes = w.nodes
	return res
}

// winQuietLag is how many quiet moves each wider threat level runs behind
// the one before it under ScheduleQuiet.
const winQuietLag = 1

// proveQuiet is Prove's VCT under ScheduleQuiet: iterative deepening on
// the number of quiet attacking moves (threes), every iteration under the
// full attack budget maxDepth, so that fours cost no iteration of their
// own. Puzzles count a VCT's length the same way, and a win of three
// threes and ten fours is found in the third iteration rather than the
// thirteenth.
func (w *Search) proveQuiet(res *Result, maxDepth int) {
	defer func() { w.quietLimit = 0 }()
	levels := w.maxLevel() + 1
	var done [3]bool
	for q := 1; !done[levels-1]; q++ {
		for lv := 0; lv < levels; lv++ {
			ql := min(q-winQuietLag*lv, maxDepth)
			if done[lv] || ql < 1 {
				continue
			}
			w.level, w.salt, w.limit, w.cutoffs = lv, w.saltFor(proof.VCT, lv), maxDepth, 0
			w.quietLimit, w.quietCuts = ql, 0
			r, _ := w.dfsAttack(0)
			switch {
			case r == winUnknown:
				return
			case r == winProven:
				w.finish(res)
				return
			case w.quietCuts == 0 || ql == maxDepth:
				// More quiet moves change nothing at this level, nor
				// at the narrower ones.
				for l := 0; l <= lv; l++ {
					done[l] = true
				}
			}
		}
		res.Complete = done[levels-1]
	}
}

// schedule resolves ScheduleAuto for a kind.
func (w *Search) schedule(kind proof.Kind) Schedule {
	if w.Schedule != ScheduleAuto {
		return w.Schedule
	}
	if kind == proof.VCF {
		return ScheduleFull
	}
	return ScheduleStep
}

// firstDepth is the attack depth of the first iteration.
func (w *Search) firstDepth(kind proof.Kind, maxDepth int) int {
	if w.schedule(kind) == ScheduleFull {
		return maxDepth
	}
	return min(2, maxDepth)
}

// nextDepth is the attack depth of the iteration after one at depth
// (the narrowest level's; the caller clamps it to MaxDepth).
func (w *Search) nextDepth(kind proof.Kind, depth int) int {
	if w.schedule(kind) == ScheduleDouble {
		return 2 * depth
	}
	return depth + 1
}

// finish extracts and checks the proof of a proven root.
func (w *Search) finish(res *Result) {
	if w.call.detect {
		w.detected(res)
		return
	}
	p, line, depth, ok := w.extract()
	if !ok {
		if w.call.keep {
			w.detected(res)
			w.keptUnchecked(res)
		} else if w.kind == proof.VCT {
			// Not claimed, but the attack to follow: the table's move.
			var found Result
			w.detected(&found)
			res.Lead = found.Move
		}
		return // the limits stopped the extraction
	}
	if w.call.verify {
		err := proof.CheckUntil(w.b, p, w.checkBudget(), w.checkTimeUp)
		if errors.Is(err, proof.ErrCheckStopped) || errors.Is(err, proof.ErrCheckBudget) {
			w.Unchecked++
			if w.call.keep {
				w.detected(res)
				w.keptUnchecked(res)
			} else if w.kind == proof.VCT && len(line) > 0 {
				res.Lead = line[0] // the attack to follow, not claimed
			}
			return // out of time or nodes: no win to report, though maybe one
		}
		if err != nil {
			w.Rejected++
			return
		}
	}
	res.Win, res.Move, res.Line, res.Proof, res.Depth, res.Complete = true, line[0], line, p, depth, true
}

// detected reports the proven root's win without a proof (Detect): the
// table's move at the root when it holds one, else NoPos.
func (w *Search) detected(res *Result) {
	res.Win, res.Move, res.Line, res.Proof, res.Depth, res.Complete = true, engine.NoPos, nil, nil, 0, true
	e := w.tt.probe(w.key())
	if e != nil && e.leaf && w.kind == proof.VCT {
		// Proven by its leaf VCF: the first move is the VCF's, under
		// the leaf VCFs' keys (as extractAttack reads it).
		saved := w.enterZone(int(e.need))
		e = w.tt.probe(w.key())
		w.leave(saved)
	}
	if e != nil && !e.leaf && e.need > 0 && e.move >= 0 && w.legalFor(engine.Pos(e.move), w.att) {
		res.Move, res.Line = engine.Pos(e.move), []engine.Pos{engine.Pos(e.move)}
	}
}

// keptUnchecked is KeepUnchecked's verdict on a detected win: kept with
// its first move, dropped without one (the caller needs a move to play).
func (w *Search) keptUnchecked(res *Result) {
	if res.Move == engine.NoPos {
		*res = Result{Move: engine.NoPos}
		return
	}
	w.Kept++
}

// checkTimeUp is timeUp for a found proof's check: the deadline moved
// CheckGrace later.
func (w *Search) checkTimeUp() bool {
	if w.deadline.IsZero() {
		return expired(w.ctx, w.deadline)
	}
	return expired(w.ctx, w.deadline.Add(w.CheckGrace))
}

// checkBudget is the node budget of a found proof's check: none beyond
// the search's clock when it has one (a deadline, or a context that can
// be cancelled), as a deep proof with many threes can take the checker
// far more moves than the search took (one of 14 attacker moves: 0.4 s to
// find, 1.5 s to check); else the checker's default.
func (w *Search) checkBudget() int64 {
	if w.checkNodes > 0 {
		return w.checkNodes
	}
	if !w.deadline.IsZero() || w.ctx.Done() != nil {
		return math.MaxInt64
	}
	return 0
}

// begin sets up a search of b for the side to move.
func (w *Search) begin(ctx context.Context, b *engine.Board, ev *eval.Evaluator,
	kind proof.Kind, deadline time.Time, maxNodes int64) {
	if len(w.tt.slots) == 0 {
		w.tt = newWinTable(1 << 16)
	}
	if w.threatSeen == nil {
		w.threatSeen = map[uint64]bool{}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	w.b, w.ev, w.kind = b, ev, kind
	w.rootCount = b.MoveCount()
	ev.Freeze(true)
	w.attachReader(b, ev, maxNodes)
	w.att = b.SideToMove()
	w.def = w.att.Opp()
	w.level, w.weighted = 0, false
	w.salt = w.saltFor(kind, 0)
	w.caro = b.Rule() == engine.Caro || b.Rule() == engine.CaroExact
	w.attStones, w.nodes, w.nextCheck, w.maxNodes = 0, 0, 0, maxNodes
	w.charged, w.quiet, w.quietLimit = w.charged[:0], 0, 0
	w.deadline, w.ctx, w.stopped = deadline, ctx, false
	if len(w.hist) != b.Size() {
		w.hist = make([]int32, b.Size())
	}
	clear(w.hist)
	if len(w.dhist) != b.Size() {
		w.dhist = make([]int32, b.Size())
	}
	clear(w.dhist)
	w.rootStones = 0
	for _, m := range b.Moves() {
		if b.At(m) == w.att {
			w.rootStones++
		}
	}
}

// end drops the references to the caller's board.
func (w *Search) end() {
	w.detachReader()
	w.ev.Freeze(false)
	w.b, w.ev, w.ctx, w.plain = nil, nil, nil, nil
}
