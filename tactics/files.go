package tactics

import (
	"fmt"
	"io"
	"os"
)

// FromFiles extracts the won positions of pairs of record files, sgfs[i]
// (c-gomoku-cli's -sgf) with msgs[i] (its -msg), in which engineName's
// announcements count, and returns them with the number of games read.
func FromFiles(sgfs, msgs []string, engineName string) ([]Position, int, error) {
	if len(sgfs) != len(msgs) {
		return nil, 0, fmt.Errorf("%d -sgf files but %d -msg files", len(sgfs), len(msgs))
	}
	var all []Position
	total := 0
	for i := range sgfs {
		ps, n, err := fromPair(sgfs[i], msgs[i], engineName)
		if err != nil {
			return nil, 0, err
		}
		all, total = append(all, ps...), total+n
	}
	return all, total, nil
}

// fromPair extracts the won positions of one pair of record files and the
// number of games they hold.
func fromPair(sgfPath, msgPath, engineName string) ([]Position, int, error) {
	games, mates, err := ReadPair(sgfPath, msgPath)
	if err != nil {
		return nil, 0, err
	}
	return Extract(games, mates, engineName), len(games), nil
}

// ReadPair reads one pair of c-gomoku-cli record files: the games of the
// -sgf file and the engines' verdicts of the -msg file.
func ReadPair(sgfPath, msgPath string) ([]Game, []Mate, error) {
	sf, err := os.Open(sgfPath)
	if err != nil {
		return nil, nil, err
	}
	defer sf.Close()
	games, err := ReadSGF(sf)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", sgfPath, err)
	}
	mf, err := os.Open(msgPath)
	if err != nil {
		return nil, nil, err
	}
	defer mf.Close()
	mates, err := ReadMessages(mf)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", msgPath, err)
	}
	return games, mates, nil
}

// Announced counts the positions whose side to move is the engine that
// announced the win.
func Announced(ps []Position) int {
	n := 0
	for _, p := range ps {
		if p.Announcer {
			n++
		}
	}
	return n
}

// WriteFile writes ps as an opening file (see Write) to the file path, or
// to stdout for "-".
func WriteFile(path string, stdout io.Writer, ps []Position) error {
	if path == "-" {
		return Write(stdout, ps)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return Write(f, ps)
}
