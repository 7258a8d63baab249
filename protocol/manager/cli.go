package manager

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// ParseSPRT reads a sequential test's bounds, "ELO0,ELO1" (logistic Elo of
// the first engine over the second), with its error rates.
func ParseSPRT(s string, alpha, beta float64) (*SPRT, error) {
	e0, e1, ok := strings.Cut(s, ",")
	elo0, err0 := strconv.ParseFloat(strings.TrimSpace(e0), 64)
	elo1, err1 := strconv.ParseFloat(strings.TrimSpace(e1), 64)
	if !ok || err0 != nil || err1 != nil {
		return nil, fmt.Errorf("%q: want ELO0,ELO1", s)
	}
	return &SPRT{Elo0: elo0, Elo1: elo1, Alpha: alpha, Beta: beta}, nil
}

// ParseInfo reads an extra INFO line for every brain, "KEY=VALUE", into
// the form Options.Info takes ("KEY VALUE").
func ParseInfo(kv string) (string, error) {
	k, v, ok := strings.Cut(kv, "=")
	if !ok || k == "" {
		return "", fmt.Errorf("%q: want KEY=VALUE", kv)
	}
	return k + " " + v, nil
}

// Report writes the summary's table to table, after a blank line, with the
// opening order's seed when it was drawn at random; and when jsonPath is
// set, the summary as JSON to that file, or to stdout for "-". Only the
// JSON's errors are returned.
func (s *Summary) Report(table io.Writer, jsonPath string, stdout io.Writer) error {
	fmt.Fprintln(table)
	s.WriteTable(table)
	if s.Settings.RandomOrder {
		fmt.Fprintf(table, "opening order seed: %d\n", s.Settings.Seed)
	}
	switch jsonPath {
	case "":
		return nil
	case "-":
		return s.WriteJSON(stdout)
	}
	f, err := os.Create(jsonPath)
	if err != nil {
		return err
	}
	if err := s.WriteJSON(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
