package search

import (
	"context"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/ab"
	"github.com/kakugo/kakugo/search/mcts"
)

// KakugoOptions configure the full player. The zero value is the default
// player without a learned value: static-evaluation leaves, the thread
// count the manager asks for, the winning search on; with Value set, the
// default leaves are the learned ones (the measured-stronger mode).
type KakugoOptions struct {
	// Leaf is how new leaves are valued (mcts.LeafDefault: the stronger
	// mode).
	Leaf mcts.LeafMode
	// Value values the leaves in mcts.LeafLearned mode, the default when
	// set (the learned value, which package players plugs in); nil falls
	// back to the static value.
	Value mcts.LeafValuer
	// Threads, when positive, is the number of search threads, whatever
	// the manager says; 0 leaves it to INFO thread_num (one by default).
	Threads int
	// Seed feeds the roll-outs' random numbers; with a playout limit and
	// one thread, equal seeds give equal searches.
	Seed uint64
	// NewPolicy, when not nil, builds a move-prior Policy for one search
	// thread (called once per thread); nil uses the evaluator's priors.
	NewPolicy func() mcts.Policy
	// NewDeepPolicy, when not nil (and NewPolicy is not), builds the deep
	// tier of a thread's priors: a costlier policy asked only at the root
	// and at the nodes the search visits most (mcts.PolicyOptions.DeepVisits).
	NewDeepPolicy func() mcts.Policy
	// DeepMinTime, when positive, keeps the deep tier to timed moves whose
	// soft limit (the time planned for the move: under a turn limit alone
	// the turn less its margin) is at least this long; untimed searches
	// always use it. Its cost in playouts is about what its better priors
	// give back at 0.5 s a move and less than they give at longer moves
	// (against Rapfi at 20,000 nodes: level at 0.5 s, +0.088 ± 0.035 a game
	// under a 30 s game clock; docs/testing.md, 2026-11-28 evening).
	DeepMinTime time.Duration
	// Policy is where the search asks NewPolicy's policies for priors
	// (the zero value: the measured default; see package mcts).
	Policy mcts.PolicyOptions
	// WinSearch is what the winning search does before the tree search
	// (WinSearchDefault: the measured best).
	WinSearch WinSearchMode
	// CPuct, FPUReduction, MaxChildren and StaticScale replace the tuned
	// search constants when positive (for tuning matches).
	CPuct, FPUReduction float64
	// RootCPuct replaces the exploration constant at the tree's root
	// alone when positive (mcts.Options.RootCPuct).
	RootCPuct float64
	// VCTLead, when positive, plays the attack our VCT was following when
	// its limit stopped it, or the win it proved without time to check it
	// (kakugo_lead.go), in place of the tree's move where the tree values
	// it within VCTLead of that move (kakugoLeadAlways: always); off at 0.
	VCTLead     float64
	MaxChildren int
	StaticScale float64
	// VCFProbe is the node cap of the VCF search run at every tree
	// expansion where the side to move has a four (a proven VCF makes the
	// node a loss for the side that moved into it): 0 is the default,
	// kakugoVCFProbe, and a negative value turns the probe off.
	VCFProbe int64
	// ExpandEval, when positive, values that many of a node's children
	// at its expansion (mcts.Options.ExpandEval); 0 none, the default.
	ExpandEval int
	// VCTProbe is the node cap of the in-tree VCT search for the side to
	// move, run at a node below the root once it has VCTProbeAt visits
	// (0: the default, 4) and again with twice the nodes at every
	// eightfold of those visits: 0 is the default, kakugoVCTProbe, and a
	// negative value turns it off. ThreatProbe is the node cap of the
	// in-tree search for the opponent's VCF as if the side to move passed,
	// run at expansions, which narrows the node's children to the moves
	// that may refute a VCF it finds: 0 is the default, kakugoThreatProbe,
	// and a negative value turns it off (see package mcts, mcts_probe.go).
	VCTProbe    int64
	VCTProbeAt  int32
	ThreatProbe int64
	// VCTProbeRoot, when positive, replaces VCTProbe's node cap at the
	// root's children (the opponent's VCT after each of our moves).
	VCTProbeRoot int64
	// Prior is the tree's evaluator prior logits (mcts.PriorDefault: the
	// measured default), PriorTemp their softmax temperature
	// (mcts.Options.PriorTemp; 0: 1).
	Prior     mcts.PriorModel
	PriorTemp float64
	// ReuseKeep is the share of the kept tree's visits a search goes on
	// from (mcts.Options.ReuseKeep: 0 all, negative none).
	ReuseKeep float64
	// Focus: where the tree searches on past its settled move (UseTurn),
	// every further playout goes into that move's subtree
	// (mcts.Options.Focus). 0 is the default (kakugoFocusDefault),
	// positive on, negative off.
	Focus int
	// CheckRest, when positive, lets each move the check looks at (under
	// a turn limit without a match clock) use up to this percent of the
	// time left before the hard limit, when that is more than the check's
	// fixed share (kakugo_check.go).
	CheckRest int
	// FastCheck: the move check (and the rest of the turn's longer
	// check) takes the opponent's VCT as found once the search proves it,
	// without extracting the proof and replaying it through the checker
	// (win.Search.Detect). 0 is the default (kakugoFastCheckDefault),
	// positive on, negative off.
	FastCheck int
	// KeepUnchecked: a win our VCT (or the move check) found but had no
	// time to extract or check is still taken, from the search's table
	// (win.Search.KeepUnchecked), where it was dropped. 0 is the default
	// (kakugoKeepUncheckedDefault), positive on, negative off.
	KeepUnchecked int
	// VCTShare and CheckShare replace, when positive, the percent of the
	// hard limit that our VCT search and the move check may use (for
	// tuning matches).
	VCTShare, CheckShare int
	// RenjuBlackVCTShare replaces, when positive, our VCT's share when
	// black is to move under renju (kakugoRenjuBlackVCTShare), where the
	// search rarely proves a win and often runs to its limit.
	RenjuBlackVCTShare int
	// DefendShare replaces, when positive, the percent of the hard limit
	// that the VCT defence check (WinSearchVCT) may use: it checks the
	// moves that may refute the opponent's threat one by one and leaves
	// out those it had no time for, so a short share narrows the tree to
	// the first few.
	DefendShare int
	// ClockMoves replaces, when positive, the number of own moves a match
	// clock's time left is spread over at the start of a game (movesToGo
	// in timeman.go; it falls by one every four plies, to minMovesToGo):
	// fewer spends more of the clock on the early moves.
	ClockMoves int
	// ClockVCT replaces, when positive, our VCT's cap under a match clock,
	// in percent of the move's soft limit (kakugoClockVCT).
	ClockVCT int
	// FixedMargins turns off the load guard (time_load.go), which keeps
	// more time in reserve after moves that lost time to other processes:
	// for strength matches on a busy machine, where it costs thinking
	// time that the opponent may not give up.
	FixedMargins bool
	// UseTurn keeps the tree search going to its hard limit once its move
	// cannot change when no match clock would keep the time saved
	// (mcts.Request.UseAll): the move stays, and the playouts deepen the
	// subtree the next move keeps. 0 is the default (kakugoUseTurnDefault),
	// positive on, negative off (the tree stops once its move is settled).
	// Measured on 2026-11-26 against Rapfi at 20k nodes: level (+0.015 ±
	// 0.030 a game over 200 games); on 2026-12-07 (session 40) against full
	// Rapfi on freestyle 20, +0.067 ± 0.029 a game over 300 pairs, and
	// level on freestyle 15 (-0.020 ± 0.033 over 200 pairs, sessions
	// 40-41), 0 moves over 500 ms.
	UseTurn int
	// Deepen, where only the turn limits the move: the tree stops once
	// its move is settled (as under UseTurn off), the move check and the
	// rest of the turn run as then, and the time left before the tree's
	// hard limit deepens the chosen move's subtree
	// (mcts.Request.Deepen): the rest's winning search keeps its time,
	// and the tree gets what it leaves. Against the default, full Rapfi
	// at 0.5 s a move: level, +0.012 ± 0.022 a game over 500 pairs
	// (sessions 41-42, freestyle 15 and 20). 0 is the default
	// (kakugoDeepenDefault), positive on, negative off.
	Deepen int
	// Finish, where only the turn limits the move: the tree searches as
	// by default (on to its hard limit less the move check's share), the
	// move check and the rest of the turn run, and the time left before
	// the move's hard limit (the check's share included: the check and
	// the rest rarely use it) deepens the chosen move's subtree
	// (mcts.Request.Deepen), the part the next move keeps. The move is
	// final before the deepening starts, so this only moves its output
	// later inside the hard limit, as a tree search to the hard limit
	// does. With Deepen the tree stops once settled (Deepen's), and the
	// deepening runs on to the move's hard limit in place of the tree's.
	// 0 is the default (kakugoFinishDefault), positive on, negative off.
	Finish int
	// EarlyCheck, where only the turn limits the move and the move check
	// is on: the move check looks at the tree's best move halfway through
	// the tree's time, and when it proves that move lost the tree's second
	// half searches the other moves (kakugo_early.go). Against full
	// Rapfi at 0.5 s a move, -0.038 ± 0.042 a game over 133 pairs
	// (session 43): level or worse. 0 is the default
	// (kakugoEarlyCheckDefault), positive on, negative off.
	EarlyCheck int
	// Forced, where only the turn limits the move: after a forced block
	// (the opponent threatens one five), the rest of the turn searches
	// the position after the block into the kept tree, for the next move
	// (kakugo_forced.go). Against full Rapfi at 0.5 s a move (session
	// 44): level on freestyle 15 (-0.005 ± 0.046, 100 pairs), level or
	// worse on freestyle 20 (-0.047 ± 0.027, 300 pairs). 0 is the default
	// (kakugoForcedDefault), positive on, negative off.
	Forced int
	// AlphaBeta replaces the tree search by the alpha-beta search of
	// package ab (iterative deepening to the soft limit, the learned
	// value at its leaves), with the winning search before it and the
	// move check after it as for the tree (kakugo_ab.go).
	AlphaBeta bool
	// ABPolicyDepth: the alpha-beta search orders the moves of the root
	// and of the nodes with at least this many plies left by NewPolicy's
	// priors (0: the root only; negative: nowhere).
	ABPolicyDepth int
	// AB, when not nil, is the alpha-beta search's options as a whole
	// (tuning: KAKUGO_AB); Value, NewPolicy and ABPolicyDepth fill in its
	// Valuer, Policy and PolicyDepth.
	AB *ab.Options
	// ABVeto, when positive, is the percent of the hard limit kept from
	// the tree search for the alpha-beta search's veto (kakugo_abveto.go):
	// the tree's move stands unless the alpha-beta search, searching it
	// first, finds a move better by kakugoVetoMargin, or finds it lost.
	ABVeto int
	// QuietWin, when positive, is the percent of the hard limit for a
	// search one quiet move deep where our VCT fails (kakugo_quiet.go):
	// a move that makes no four and no open three, after which every reply
	// leaves us a VCT.
	QuietWin int
	// Rest says whether the time a turn-only move leaves unused after the
	// tree search and the move check goes to the winning search (our VCT
	// where it stopped at its limit, then a longer check of the move; see
	// kakugo_rest.go): 0 is the default, kakugoRestDefault, positive on,
	// negative off.
	Rest int
}

// WinSearchMode says what the winning search does at the root.
type WinSearchMode uint8

const (
	// WinSearchDefault is the mode measured best: WinSearchVCTCheck
	// (+121 ± 43 Elo freestyle and +175 ± 47 renju against
	// WinSearchVCTAttack at 200 ms a move, 200 games each, which was +91
	// ± 39 against WinSearchVCF; see docs/testing.md).
	WinSearchDefault WinSearchMode = iota
	// WinSearchOff: no winning search; the tree search alone.
	WinSearchOff
	// WinSearchVCF: our VCF, then the opponent's VCF threat: when the
	// opponent would have one if we passed, only the moves that stop it
	// are searched.
	WinSearchVCF
	// WinSearchVCT: WinSearchVCF, then our VCT and the opponent's VCT
	// threat, which restricts the moves the same way.
	WinSearchVCT
	// WinSearchVCTAttack: WinSearchVCF, then our VCT, without the VCT
	// defence check (which costs time and, being incomplete, throws away
	// moves that are in fact safe).
	WinSearchVCTAttack
	// WinSearchVCTCheck: WinSearchVCTAttack, and the tree search's move is
	// checked before it is played: when the opponent has a proven VCT
	// after it, the next of the most visited moves is checked instead.
	WinSearchVCTCheck
)

// kakugoDefaultWinSearch is what WinSearchDefault stands for.
const kakugoDefaultWinSearch = WinSearchVCTCheck

// searchesVCT reports whether the mode looks for our own VCT.
func (m WinSearchMode) searchesVCT() bool {
	return m == WinSearchVCT || m == WinSearchVCTAttack || m == WinSearchVCTCheck
}

// checksMove reports whether the mode checks the tree search's move
// against the opponent's VCT (checkMove).
func (m WinSearchMode) checksMove() bool { return m == WinSearchVCTCheck }

// defendsVCT reports whether the mode runs the VCT defence check.
func (m WinSearchMode) defendsVCT() bool { return m == WinSearchVCT }

// String names the mode as the player list does.
func (m WinSearchMode) String() string {
	return [...]string{"default", "off", "vcf", "vct", "vct-attack", "vct-check"}[min(int(m), 5)]
}

// kakugoVCFProbe is the default node cap of the in-tree VCF probe
// (KakugoOptions.VCFProbe). Against Rapfi limited to 20,000 nodes a move,
// freestyle 15 at 0.5 s a move, the probe scored 25-71-4 where the player
// without it scored 21-79 on the same 100 openings (docs/testing.md).
const kakugoVCFProbe = 100

// kakugoVCTProbe and kakugoThreatProbe are the default node caps of the
// in-tree VCT probe and threat probe (KakugoOptions.VCTProbe and
// ThreatProbe); 0 is off.
const (
	kakugoVCTProbe    = 0
	kakugoThreatProbe = 0
)

// kakugoProbe resolves a probe option: 0 the default def, negative off (0).
func kakugoProbe(opt, def int64) int64 {
	if opt == 0 {
		opt = def
	}
	return max(opt, 0)
}

// Default memory figures.
const (
	// kakugoDefaultMemory is assumed when the manager gives no max_memory:
	// Gomocup's limit.
	kakugoDefaultMemory = 350 << 20
	// kakugoTreeShare is the part of max_memory the tree and the winning
	// search's table may take together; the rest is headroom for the
	// runtime, the evaluators and the garbage collector.
	kakugoTreeShare = 60
	// kakugoTTShare is the winning search's part of max_memory unless
	// hash_size says otherwise.
	kakugoTTShare = 10
	// kakugoTTPerSecond and kakugoTTMin size the winning search's table
	// by the time a move may take, when that is less than its share.
	kakugoTTPerSecond = 8 << 20
	kakugoTTMin       = 2 << 20
	// kakugoTTEntryBytes is the memory counted per winning-search table
	// entry. An entry is 16 bytes since the table was packed into cache
	// lines (search/win/tt.go); the count stays at 32 so that the player
	// keeps the entry counts, and so the searches, it had.
	kakugoTTEntryBytes = 32
	// kakugoUntimedPlayouts caps a search that has neither a clock nor a
	// playout limit.
	kakugoUntimedPlayouts = 1 << 20
)

// Kakugo is the full player (issue 5): the order of play of the design
// (a five; block a five; a proven win from the winning search, whose proof
// then answers every defence at once; otherwise the primary MCTS over the
// moves that survive the defence check), the tree kept between moves, and
// the time and memory limits of the protocol. It is not safe for concurrent
// use: the brain calls it from one goroutine at a time.
type Kakugo struct {
	opt KakugoOptions
	cfg mcts.Config
	win WinSearchMode // opt.WinSearch resolved

	tree *mcts.Tree // nil until the first search sizes it

	prover     kakugoProver
	proverBusy chan struct{}                  // closed when an abandoned prover call returns
	newProver  func(entries int) kakugoProver // newKakugoWinSearch with KeepUnchecked; tests put stand-ins here
	ttEntries  int                            // the prover's table size
	hashKB     int64                          // hash_size, 0 when unset
	memory     int64                          // the max_memory the sizes were computed for
	memThreads int                            // and the thread count
	reply      func(b *engine.Board) (engine.Pos, bool)
	policies   []mcts.Policy
	deep       []mcts.Policy // the deep tier's, beside policies

	vctShare   int // percent of the hard limit for our VCT search
	vctShareTO int // the same when the rest of a turn-only move follows (restOn)
	vctShareRB int // the same for black under renju
	clockVCT   int // under a match clock, our VCT's cap in percent of the soft limit
	defendVCT  int // percent of the hard limit for the VCT defence check
	checkShare int // percent of the hard limit kept for the move check

	stats kakugoStats // the last move's work
	guard loadGuard   // the reserve for a busy machine (time_load.go)

	// vctOpen: this move's VCT search stopped at its limit (kakugoWin.open);
	// vctLead the attack it was following then (kakugoWin.lead), or NoPos.
	vctOpen bool
	vctLead engine.Pos

	ab     *ab.Searcher // the alpha-beta search (KakugoOptions.AlphaBeta)
	abBits int          // its table's size, log2 of the entries
}

// kakugoStats count one move's work, for the bench.
type kakugoStats struct {
	playouts int64 // MCTS playouts
	reused   int32 // the root's visits when the search began (a kept tree)
	nodes    int64 // moves made by the MCTS threads
	winNodes int64 // nodes of the winning search's proofs
	winTime  time.Duration
	mctsTime time.Duration // the tree search's running time (all threads at once)
	threads  int           // the tree search's threads
}

// NewKakugo builds the full player.
func NewKakugo(opt KakugoOptions) *Kakugo {
	cfg := mcts.NewConfig(mcts.Options{Leaf: opt.Leaf, Value: opt.Value, CPuct: opt.CPuct, RootCPuct: opt.RootCPuct, FPUReduction: opt.FPUReduction,
		MaxChildren: opt.MaxChildren, StaticScale: opt.StaticScale,
		VCFProbe: kakugoProbe(opt.VCFProbe, kakugoVCFProbe), ExpandEval: opt.ExpandEval,
		VCTProbe: kakugoProbe(opt.VCTProbe, kakugoVCTProbe), VCTProbeAt: opt.VCTProbeAt, VCTProbeRoot: opt.VCTProbeRoot,
		ThreatProbe: kakugoProbe(opt.ThreatProbe, kakugoThreatProbe), Policy: opt.Policy, Prior: opt.Prior, PriorTemp: opt.PriorTemp, ReuseKeep: opt.ReuseKeep,
		Focus: kakugoFocus(opt.Focus)})
	win := kakugoDefaultWinSearch
	if opt.WinSearch != WinSearchDefault {
		win = opt.WinSearch
	}
	go kakugoWarm()
	keep := kakugoKeepUncheckedDefault
	if opt.KeepUnchecked != 0 {
		keep = opt.KeepUnchecked > 0
	}
	k := &Kakugo{opt: opt, cfg: cfg, win: win,
		newProver: func(entries int) kakugoProver { return newKakugoWinSearch(entries, keep) }}
	k.applyShares(opt)
	return k
}

// applyShares sets the winning search's and the check's time shares: the
// defaults, or opt's where it gives one.
func (k *Kakugo) applyShares(opt KakugoOptions) {
	pick := func(def, v int) int {
		if v > 0 {
			return v
		}
		return def
	}
	k.vctShare = pick(kakugoVCTShare, opt.VCTShare)
	k.vctShareTO = pick(kakugoRestVCTShare, opt.VCTShare)
	k.vctShareRB = pick(kakugoRenjuBlackVCTShare, opt.RenjuBlackVCTShare)
	k.clockVCT = pick(kakugoClockVCT, opt.ClockVCT)
	k.checkShare = pick(kakugoCheckShare, opt.CheckShare)
	k.defendVCT = pick(kakugoDefendShare, opt.DefendShare)
}

// kakugoWarm builds the evaluator's tables for freestyle, the commonest
// rule, while the brain starts up, so that the first move of a game does
// not pay for them (about 15 ms, a third of the search at 100 ms a move).
// Only one rule: building all five in the background took CPU from the
// first move's search on a loaded machine (measured: first moves of 55 to
// 100 ms at 100 ms a move, with no time left to search). The tables are
// built once per process; later calls return at once.
func kakugoWarm() { eval.TablesFor(engine.Freestyle) }

// Leaf is the leaf mode the player uses (mcts.LeafDefault resolved).
func (k *Kakugo) Leaf() mcts.LeafMode { return k.cfg.Leaf() }

// WinSearch is the winning-search mode the player uses (WinSearchDefault
// resolved).
func (k *Kakugo) WinSearch() WinSearchMode { return k.win }

// Move implements the player interface.
func (k *Kakugo) Move(ctx context.Context, b *engine.Board, lim Limits) engine.Pos {
	move, _ := k.think(ctx, b, lim, 0)
	return move
}

// NBest ranks the n best moves (YXNBEST) by a full search, best first, and
// reports each with its visits and win rate in MESSAGE lines.
func (k *Kakugo) NBest(ctx context.Context, b *engine.Board, lim Limits, n int) []engine.Pos {
	move, ranked := k.think(ctx, b, lim, n)
	out := []engine.Pos{move}
	for i, r := range ranked {
		if len(out) >= n {
			break
		}
		if r.Move != move {
			out = append(out, r.Move)
		}
		if lim.Info != nil && i < n {
			lim.Info(kakugoNBestLine(b, i+1, r))
		}
	}
	return out
}

// ClearHash drops the tree and the winning search's table (YXHASHCLEAR).
func (k *Kakugo) ClearHash() {
	if k.tree != nil {
		k.tree.Clear() // the tree and the in-tree probes' tables
	}
	if k.prover != nil {
		if k.proverIdle() {
			k.prover.clear()
		} else { // an abandoned call still runs in it: start afresh
			k.prover, k.proverBusy = k.newProver(k.ttEntries), nil
		}
	}
	if k.ab != nil {
		k.ab.Clear() // the alpha-beta search's table and history
	}
	k.reply = nil
}

// HashUsage is the part of the tree's node pool in use, 0 to 1, for
// Yixin-Board's YXSHOWHASHUSAGE.
func (k *Kakugo) HashUsage() float64 {
	if k.tree == nil || k.tree.Capacity() <= 0 {
		return 0
	}
	return min(float64(k.tree.Nodes())/float64(k.tree.Capacity()), 1)
}

// SetHashSize sizes the winning search's table from Yixin-Board's
// hash_size (KiB; 0 restores the default share of max_memory).
func (k *Kakugo) SetHashSize(kib int64) {
	k.hashKB = kib
	k.memory = -1 // recompute the sizes at the next move
}

// think is Move and NBest: the chosen move and, when a search ran, the
// root moves ranked.
func (k *Kakugo) think(ctx context.Context, b *engine.Board, lim Limits, nbest int) (engine.Pos, []mcts.Ranked) {
	togo := movesToGo
	if k.opt.ClockMoves > 0 {
		togo = k.opt.ClockMoves
	}
	bud := newBudgetTogo(lim, b.MoveCount(), togo)
	timed := lim.Turn >= 0 || lim.Left != Unlimited
	k.stats, k.vctOpen, k.vctLead = kakugoStats{}, false, engine.NoPos
	if timed && !k.opt.FixedMargins {
		bud = k.guard.apply(bud)
		defer k.watchLoad(bud)()
	}
	if b.MoveCount() == 0 {
		return b.Pos(b.Width()/2, b.Height()/2), nil
	}
	e := eval.Attach(b)
	defer e.Detach()
	me, op := b.SideToMove(), b.SideToMove().Opp()
	if f := e.Fives(me); len(f) > 0 {
		k.say(lim, "five")
		return f[0], nil
	}
	if f := e.Fives(op); len(f) > 0 || (timed && bud.Instant()) {
		move := greedyChoice(e) // the one block, or the best of several
		if len(f) == 1 && move == f[0] && nbest == 0 && timed && !bud.Instant() && k.forcedOn(lim) {
			k.searchForced(ctx, b, lim, bud, move)
		}
		return move, nil
	}
	k.size(lim)
	if move, ok := k.proofReply(b); ok {
		k.say(lim, "win (proof) | pv "+kakugoMoves(b, []engine.Pos{move}))
		return move, nil
	}
	winStart := time.Now()
	rest := nbest == 0 && k.restOn(lim, timed)
	allowed, won := k.winSearch(ctx, b, e, lim, bud, timed, rest)
	k.stats.winTime = time.Since(winStart)
	if won != engine.NoPos {
		return won, nil
	}
	if q := k.quietWin(ctx, b, e, lim, bud, timed, allowed, nbest); q != engine.NoPos {
		return q, nil
	}
	if timed && bud.HardDone() {
		// Starved of CPU (or a slow first move): no time to set up a
		// search; the greedy choice costs a millisecond. It must still
		// be one of the parries when the opponent has a forced win.
		return kakugoChoice(e, allowed), nil
	}
	check := k.win.checksMove() && nbest == 0 && k.prover != nil
	sbud := bud
	if check && timed {
		sbud = bud.Reserve(bud.Hard() * time.Duration(k.checkShareFor(lim)) / 100) // the check's time
	}
	var move engine.Pos
	var ranked []mcts.Ranked
	early := engine.NoPos // the move the early check proved lost
	switch {
	case k.opt.AlphaBeta:
		move, ranked = k.abSearch(ctx, e, lim, sbud, timed, allowed)
	case k.opt.ABVeto > 0 && nbest == 0 && k.ab != nil:
		tbud := sbud
		if timed {
			tbud = sbud.Reserve(bud.Hard() * time.Duration(k.opt.ABVeto) / 100)
		}
		move, ranked = k.search(ctx, b, lim, tbud, timed, allowed, nbest)
		move = k.abVeto(ctx, e, lim, sbud, timed, allowed, move, ranked)
	case check && timed && nbest == 0 && k.earlyCheckOn(lim):
		move, ranked, early = k.earlySearch(ctx, b, lim, bud, sbud, allowed)
	default:
		move, ranked = k.search(ctx, b, lim, sbud, timed, allowed, nbest)
	}
	if nbest == 0 {
		move = k.followLead(lim, b, move, ranked)
	}
	var lost []engine.Pos
	if check {
		move, lost = k.checkMove(ctx, b, lim, bud, timed, move, ranked)
	}
	if early != engine.NoPos {
		lost = append(lost, early)
	}
	if rest {
		move = k.useRest(ctx, b, lim, bud, move, ranked, lost, check)
	}
	if nbest == 0 && timed && !k.opt.AlphaBeta && (k.deepenOn(lim) || k.finishOn(lim)) {
		dbud := sbud // Deepen alone: the tree's own hard limit
		if k.finishOn(lim) {
			dbud = bud
		}
		k.deepen(ctx, b, lim, dbud, move)
	}
	return move, ranked
}

// watchLoad starts measuring a timed move for the load guard; the returned
// function, deferred, ends the measurement and updates the guard's reserve.
func (k *Kakugo) watchLoad(bud Budget) func() {
	begin := time.Now()
	cpu0, ok := processCPU()
	if !ok {
		return func() {}
	}
	return func() {
		cpu1, ok := processCPU()
		if !ok {
			return
		}
		think := time.Since(begin)
		// Every thread but the caller's runs only during the tree search.
		busy := think + time.Duration(max(k.stats.threads-1, 0))*k.stats.mctsTime
		k.guard.observe(loadObservation{wall: bud.Elapsed(), dispatch: begin.Sub(bud.start),
			busy: busy, cpu: cpu1 - cpu0, resolution: cpuClockResolution})
	}
}

// proofReply answers from the proof of an earlier move's win.
func (k *Kakugo) proofReply(b *engine.Board) (engine.Pos, bool) {
	if k.reply == nil {
		return engine.NoPos, false
	}
	move, ok := k.reply(b)
	if !ok || !b.Legal(move) {
		k.reply = nil
		return engine.NoPos, false
	}
	return move, true
}

// say passes one MESSAGE line to the user when show_detail is on.
func (k *Kakugo) say(lim Limits, line string) {
	if lim.Info != nil {
		lim.Info(line)
	}
}

// threads is the number of search threads: the player's own setting when
// it has one (an operator's explicit choice), else the manager's thread_num
// (the brain passes 1 when the manager says nothing), at most 256.
func (k *Kakugo) threads(lim Limits) int {
	n := k.opt.Threads
	if n <= 0 {
		n = lim.Threads
	}
	return min(max(n, 1), 256)
}

// size fits the tree's pool and the winning search's table into
// max_memory (kakugoDefaultMemory when unset), rebuilding them only when
// the figures change.
func (k *Kakugo) size(lim Limits) {
	total := lim.MaxMemory
	if total <= 0 {
		total = kakugoDefaultMemory
	}
	// Every thread's own tables come off the tree's share, so that
	// max_memory counts them all.
	threads := k.threads(lim)
	if total == k.memory && threads == k.memThreads && k.tree != nil {
		return
	}
	k.memory, k.memThreads = total, threads
	share := total*kakugoTreeShare/100 - int64(threads)*mcts.ThreadBytes
	tt := total * kakugoTTShare / 100
	if lim.Turn >= 0 && lim.Turn < time.Duration(tt/kakugoTTPerSecond)*time.Second {
		// A short move visits few win-search nodes; a big table only costs
		// page faults on the first moves (measured: up to 40 ms for 32 MiB).
		tt = max(kakugoTTPerSecond*int64(lim.Turn)/int64(time.Second), kakugoTTMin)
	}
	if k.hashKB > 0 {
		tt = min(k.hashKB<<10, share/2)
	}
	if k.win == WinSearchOff {
		tt = 0
	}
	entries := int(tt / kakugoTTEntryBytes)
	if entries != k.ttEntries || (k.prover == nil && k.win != WinSearchOff) {
		k.ttEntries = entries
		k.prover, k.proverBusy = k.newProver(entries), nil
		k.reply = nil
	}
	if k.opt.AlphaBeta || k.opt.ABVeto > 0 {
		// The alpha-beta table takes the tree's place (for the veto, a
		// part of it): a quarter of the share, at most 32 MiB, in a power
		// of two of 16-byte entries.
		bits := 12
		for bits < 21 && int64(16)<<(bits+1) <= (share-tt)/4 {
			bits++
		}
		if k.ab == nil || k.abBits != bits {
			var o ab.Options
			if k.opt.AB != nil {
				o = *k.opt.AB
			}
			o.Valuer, o.TableBits, o.PolicyDepth = k.opt.Value, bits, k.opt.ABPolicyDepth
			if k.opt.NewPolicy != nil && k.opt.ABPolicyDepth >= 0 {
				o.Policy = k.opt.NewPolicy()
			}
			k.ab, k.abBits = ab.New(o), bits
		}
		if k.opt.AlphaBeta {
			share = tt + (share-tt)/4 // the tree, unused, keeps a token size
		} else {
			share -= int64(16) << bits // the veto's table beside the tree
		}
	}
	nodes := (share - tt) / mcts.NodeBytes
	if k.tree == nil {
		k.tree = mcts.NewTree(nodes)
	} else {
		k.tree.Resize(nodes)
	}
}
