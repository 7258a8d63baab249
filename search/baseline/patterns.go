package baseline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"sync"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// PatternsFile is the name of the pattern database in the directory that
// `INFO folder` names.
const PatternsFile = "kakugo-patterns.txt"

// Patterns follows Kulikov, "Self-teaching Gomoku player using composite
// patterns with adaptive scores and the implemented playing framework"
// (bachelor's thesis, Tallinn University of Technology, 2014): a minimax
// search with alpha-beta pruning to depth 4 over the points within two cells
// of a stone, children ordered by simple linear patterns (windowScore, the
// stones of each colour in the five-cell windows through the point), and
// positions scored by a database of linear patterns (the cells of one line)
// and composite patterns (two linear patterns crossing at a stone) whose
// scores it learns from every finished game: the winner's patterns are
// reinforced, the loser's weakened, and shapes the winner built that the
// database lacked are added (PatternDB.Learn documents the rule).
//
// The database lives in PatternsFile inside the directory given by
// SetFolder (the protocol's `INFO folder`) or in the file given to
// NewPatternsFile, in the text format of PATTERNS.md. It is read when the
// file is set, and written after each game through GameOver, atomically. A
// missing or corrupt file leaves the player on the built-in seed set
// (SeedPatternDB); the error is kept (Err), passed to Report, and said once
// through the limits' Info. Without a file the player learns in memory only.
//
// Depth 4 fits because every node keeps only its 10 best-ordered children
// (12 at the root): about 30 ms on a 15x15 midgame and at most about 0.15 s
// on a crowded 20x20 board. Iterative deepening stops at the deadline derived
// from the limits, and leaves look one ply further for fives
// (searcher.leaf). It plays a five and blocks the opponent's five before
// searching.
type Patterns struct {
	// Report, when set, receives the errors of loading and saving the
	// database, which SetFolder and GameOver cannot return. It is called
	// without the player's lock held.
	Report func(error)

	mu       sync.Mutex
	seed     int64
	rng      *rand.Rand
	file     string
	db       *PatternDB
	eval     patEval
	err      error
	reported bool
	n        neighbourhood
	// depth is the depth the last search completed (0 for a forced move).
	depth int
}

// patternsDepth is the thesis' search depth.
const patternsDepth = 4

// NewPatterns returns the player on the seed set, learning in memory until a
// folder is set; seed shuffles equally ordered root moves.
func NewPatterns(seed int64) *Patterns {
	p := &Patterns{seed: seed, db: SeedPatternDB()}
	p.eval.set = compile(p.db)
	return p
}

// NewPatternsFile returns the player with its database in path, loaded now.
func NewPatternsFile(seed int64, path string) *Patterns {
	p := NewPatterns(seed)
	p.setFile(path)
	return p
}

// SetFolder keeps the database in PatternsFile inside dir and loads it; it
// implements the protocol's folder user.
func (p *Patterns) SetFolder(dir string) {
	p.setFile(filepath.Join(dir, PatternsFile))
}

func (p *Patterns) setFile(path string) {
	p.report(p.load(path))
}

// load reads the database at path, falling back to the seed set, and
// returns the problem it met, if any.
func (p *Patterns) load(path string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.file = path
	db, err := LoadPatternDB(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			err = fmt.Errorf("no pattern database at %s yet; starting from the built-in seed set", path)
		} else {
			err = fmt.Errorf("pattern database unusable, starting from the built-in seed set: %w", err)
		}
		db = SeedPatternDB()
	}
	p.db = db
	p.eval = patEval{set: compile(db)}
	p.fail(err)
	return err
}

// fail records err, if any, to be said in the next Move's Info; the caller
// holds the lock.
func (p *Patterns) fail(err error) {
	if err != nil {
		p.err, p.reported = err, false
	}
}

// report passes err, if any, to Report. It is called without the lock, so
// Report may call back into the player.
func (p *Patterns) report(err error) {
	if err != nil && p.Report != nil {
		p.Report(err)
	}
}

// Err is the last problem with the database file, or nil.
func (p *Patterns) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// DB returns a copy of the current database.
func (p *Patterns) DB() *PatternDB {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.db.Clone()
}

// GameOver learns from the finished game and saves the database; it
// implements the protocol's game observer.
func (p *Patterns) GameOver(b *engine.Board, winner engine.Color) {
	p.report(p.learn(b, winner))
}

// learn is GameOver under the lock; it returns the saving error, if any.
func (p *Patterns) learn(b *engine.Board, winner engine.Color) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.db.Learn(b, winner) == (LearnReport{}) {
		return nil
	}
	p.eval = patEval{set: compile(p.db)}
	if p.file == "" {
		return nil
	}
	if err := p.db.Save(p.file); err != nil {
		err = fmt.Errorf("saving the pattern database: %w", err)
		p.fail(err)
		return err
	}
	return nil
}

// Move implements the player interface.
func (p *Patterns) Move(ctx context.Context, b *engine.Board, lim search.Limits) engine.Pos {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err != nil && !p.reported && lim.Info != nil {
		lim.Info("patterns: " + p.err.Error())
		p.reported = true
	}
	p.depth = 0
	if q, ok := forced(b, &p.n); ok {
		return q
	}
	if p.rng == nil {
		p.rng = newRand(p.seed)
	}
	depth := patternsDepth
	if lim.MaxDepth > 0 && lim.MaxDepth < depth {
		depth = lim.MaxDepth
	}
	s := &searcher{
		clk:       newClock(ctx, lim),
		eval:      p.eval.value,
		width:     10,
		rootWidth: 12,
		rng:       p.rng,
	}
	q, done := s.search(b, depth)
	p.depth = done
	if q != engine.NoPos {
		return q
	}
	return anyLegal(b)
}
