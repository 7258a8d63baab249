package nn

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/kakugo/kakugo/engine"
)

// RecordFilter keeps games by league, year and rule (case-insensitive); an
// empty list keeps every value.
type RecordFilter struct {
	Leagues, Years, Rules []string
}

// LoadRecords reads every path with ReadRecords (rule, w and h apply to
// the .psq and .csv records; the JSON lines carry their own) and keeps the
// games that pass f and have a move to predict.
func LoadRecords(paths []string, rule engine.Rule, w, h int, f RecordFilter) ([]Game, error) {
	var all []Game
	for _, p := range paths {
		games, err := ReadRecords(p, rule, w, h)
		if err != nil {
			return nil, err
		}
		all = append(all, games...)
	}
	keep := func(list []string, v string) bool {
		if len(list) == 0 {
			return true
		}
		for _, x := range list {
			if strings.EqualFold(x, v) {
				return true
			}
		}
		return false
	}
	out := all[:0]
	for _, g := range all {
		if keep(f.Leagues, g.League) && keep(f.Years, g.Year) && keep(f.Rules, g.Rule.String()) && g.Targets() > 0 {
			out = append(out, g)
		}
	}
	return out, nil
}

// ReadRecords reads one path: a directory (its .psq files), a .psq file,
// a .csv file, or JSON lines.
func ReadRecords(path string, rule engine.Rule, w, h int) ([]Game, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		var games []Game
		err := filepath.WalkDir(path, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".psq") {
				return err
			}
			gs, err := ReadRecords(p, rule, w, h)
			games = append(games, gs...)
			return err
		})
		return games, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	switch strings.ToLower(filepath.Ext(path)) {
	case ".psq":
		g, err := ReadPSQ(f, path, rule)
		return []Game{g}, err
	case ".csv":
		return ReadCSV(f, path, w, h, rule)
	}
	return ReadJSONL(f)
}

// SplitGames divides games into the training and the test side
// (Game.IsTest with seed and frac).
func SplitGames(games []Game, seed uint64, frac float64) (train, test []Game) {
	for _, g := range games {
		if g.IsTest(seed, frac) {
			test = append(test, g)
		} else {
			train = append(train, g)
		}
	}
	return train, test
}
