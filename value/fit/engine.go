package fit

import (
	"fmt"
	"slices"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/tactics"
)

// EngineGame is a recorded game with a strong engine's verdicts on the
// positions it was to move in: Labels[ply] is the probability that the
// side to move wins the position before Moves[ply], read off the engine's
// final search line. Such a label says more than the game's result, which
// a single later mistake decides.
type EngineGame struct {
	Game   nn.Game
	Labels map[int]float32
}

// EngineOptions say how an engine's verdicts become labels.
type EngineOptions struct {
	// Engines are the names whose verdicts are read (the -engine names
	// given to c-gomoku-cli): two for an engine's games against itself.
	Engines []string
	// Scale turns a score s into Sigmoid(s/Scale). A mate is 1 for the
	// side that mates and 0 for the other.
	Scale float64
}

// EngineStats count what EngineGames read.
type EngineStats struct {
	Games, Verdicts, Mates int
	// Skipped counts verdicts that name no position of their game (a ply
	// past its end) and games of a rule or size the engine cannot play.
	Skipped int
}

// EngineGames joins one pair of c-gomoku-cli records, the games of an -sgf
// file and the lines of its -msg file, into labelled games. source names
// the pair: a game and its colour-swapped twin (-repeat plays games 2k-1
// and 2k from one opening) share a split key, so they fall on the same
// side of the held-out split.
func EngineGames(source string, games []tactics.Game, mates []tactics.Mate, opt EngineOptions) ([]EngineGame, EngineStats) {
	var st EngineStats
	byGame := map[int][]tactics.Mate{}
	for _, m := range mates {
		if slices.Contains(opt.Engines, m.Engine) {
			byGame[m.Game] = append(byGame[m.Game], m)
		}
	}
	var out []EngineGame
	for _, g := range games {
		verdicts := byGame[g.ID]
		if len(verdicts) == 0 {
			continue
		}
		rule, err := engine.RuleFromProtocol(g.Rule)
		if err != nil || g.Size < 5 {
			st.Skipped += len(verdicts)
			continue
		}
		eg := EngineGame{
			Game: nn.Game{W: g.Size, H: g.Size, Rule: rule, Source: fmt.Sprintf("%s#%d", source, (g.ID+1)/2),
				Black: g.Black, White: g.White, Moves: g.Moves, Result: nn.ResultUnknown},
			Labels: map[int]float32{},
		}
		for _, m := range verdicts {
			ply := m.Ply - 1 // the stone the engine was about to place, 0-based
			if ply < 0 || ply >= len(g.Moves) {
				st.Skipped++
				continue
			}
			st.Verdicts++
			switch {
			case m.Mate > 0:
				eg.Labels[ply] = 1
				st.Mates++
			case m.Mate < 0:
				eg.Labels[ply] = 0
				st.Mates++
			default:
				eg.Labels[ply] = float32(Sigmoid(float64(m.Score) / opt.Scale))
			}
		}
		if len(eg.Labels) > 0 {
			st.Games++
			out = append(out, eg)
		}
	}
	return out, st
}

// EngineSamples replays labelled games and returns a sample of every
// labelled position the static evaluation does not settle, in the bucket
// of its rule and board size tagged with tag. The split follows the
// games' split keys with opt's seed and fraction.
func EngineSamples(games []EngineGame, opt SampleOptions, tag string) ([]Sample, SampleStats) {
	var out []Sample
	var st SampleStats
	for i := range games {
		eg := &games[i]
		take := make([]bool, len(eg.Game.Moves))
		for ply := range eg.Labels {
			take[ply] = true
		}
		st.Games++
		label := func(ply int, _ engine.Color) float32 { return eg.Labels[ply] }
		out = replay(out, &st, &eg.Game, eg.Game.Rule, opt, take, label, tag)
	}
	return out, st
}
