package baseline

import (
	"github.com/kakugo/kakugo/engine"
)

// learnMoves is how many of each side's last moves a game teaches from: the
// shapes that decided the game are built in its last few moves.
const learnMoves = 5

// LearnReport says what one game taught the database.
type LearnReport struct {
	// Reinforced and Weakened count the patterns whose score went up and
	// down; Added counts the patterns discovered.
	Reinforced, Weakened, Added int
}

// reinforce and weaken are the update rule: a score moves by a tenth of
// itself, and at least by one, so that small scores can still change; it
// stays within 0 and maxScore.
func reinforce(st PatternStat) PatternStat {
	st.Score = min(maxScore, st.Score+max(1, st.Score/10))
	st.Wins++
	return st
}

func weaken(st PatternStat) PatternStat {
	st.Score = max(0, st.Score-max(1, st.Score/10))
	st.Losses++
	return st
}

// Learn updates the database from a finished game: b is the final position
// with its move history, winner the side that won (Empty for a draw or an
// unknown result, which teaches nothing).
//
// First it discovers: after each of the winner's last learnMoves moves, the
// seven-cell window centred on the move in each direction, when it holds at
// least three of the winner's stones and is not yet known, becomes a new
// linear pattern (score 20, 200 or 2000 for three, four or five stones), and
// two such windows through the same move become a new composite (a quarter
// of the sum of their scores). Then it collects the patterns the winner has
// in the positions after its last learnMoves moves, and those the loser has
// after its own last learnMoves moves. A pattern only the winner had is
// reinforced (score + max(1, score/10), Wins + 1); one only the loser had is
// weakened (score - max(1, score/10), at least 0, Losses + 1); one both had
// says nothing about the result and is left alone.
func (db *PatternDB) Learn(b *engine.Board, winner engine.Color) LearnReport {
	var rep LearnReport
	if (winner != engine.Black && winner != engine.White) || b.MoveCount() == 0 {
		return rep
	}
	g := b.Clone()
	moves := append([]engine.Pos(nil), g.Moves()...)
	last := max(0, len(moves)-2*learnMoves)

	// Discovery walks back through the winner's last moves.
	for i := len(moves) - 1; i >= last; i-- {
		m := moves[i]
		if g.At(m) == winner {
			rep.Added += db.discover(g, m, winner)
		}
		g.Undo()
	}

	// Collection walks the same positions with the grown database.
	g = b.Clone()
	e := &patEval{set: compile(db)}
	won := map[string]bool{}
	lost := map[string]bool{}
	for i := len(moves) - 1; i >= last; i-- {
		c := g.At(moves[i])
		var hits patHits
		e.score(g, c, &hits)
		dst := lost
		if c == winner {
			dst = won
		}
		for _, pi := range hits.linear {
			dst["L "+e.set.names[pi]] = true
		}
		for _, key := range hits.composite {
			a, b := e.set.names[key>>16], e.set.names[key&0xffff]
			dst["C "+a+" "+b] = true
		}
		g.Undo()
	}

	update := func(key string, f func(PatternStat) PatternStat) {
		kind, rest := key[0], key[2:]
		if kind == 'L' {
			db.linear[rest] = f(db.linear[rest])
			return
		}
		for i := 0; i < len(rest); i++ {
			if rest[i] == ' ' {
				k := [2]string{rest[:i], rest[i+1:]}
				db.composite[k] = f(db.composite[k])
				return
			}
		}
	}
	for key := range won {
		if !lost[key] {
			update(key, reinforce)
			rep.Reinforced++
		}
	}
	for key := range lost {
		if !won[key] {
			update(key, weaken)
			rep.Weakened++
		}
	}
	return rep
}

// discover adds the windows around the stone of colour c at m that the
// database does not know yet (see Learn), and returns how many it added.
func (db *PatternDB) discover(b *engine.Board, m engine.Pos, c engine.Color) int {
	added := 0
	var found []string
	for _, d := range b.Dirs() {
		var w [7]byte
		stones := 0
		for k := -3; k <= 3; k++ {
			switch b.At(m + engine.Pos(k)*d) {
			case c:
				w[k+3] = patOwn
				stones++
			case engine.Empty:
				w[k+3] = patEmpty
			default:
				w[k+3] = patBlocked
			}
		}
		if stones < 3 {
			continue
		}
		s, err := CanonicalPattern(string(w[:]))
		if err != nil {
			continue
		}
		if _, ok := db.linear[s]; !ok {
			if len(db.linear) >= maxPatterns {
				continue
			}
			score := 20
			for range min(stones, 5) - 3 {
				score *= 10
			}
			db.linear[s] = PatternStat{Score: score}
			added++
		}
		found = append(found, s)
	}
	for i := 0; i < len(found); i++ {
		for j := i + 1; j < len(found); j++ {
			k := compositeKey(found[i], found[j])
			if _, ok := db.composite[k]; ok || len(db.composite) >= maxPatterns {
				continue
			}
			db.composite[k] = PatternStat{Score: (db.linear[k[0]].Score + db.linear[k[1]].Score) / 4}
			added++
		}
	}
	return added
}
