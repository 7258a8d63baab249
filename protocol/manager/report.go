package manager

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
)

// Settings are the match conditions, as reported.
type Settings struct {
	Rule              string   `json:"rule"`
	RuleProtocolValue int      `json:"rule_protocol_value"`
	Width             int      `json:"width"`
	Height            int      `json:"height"`
	TurnMs            int64    `json:"turn_ms"`
	MatchMs           int64    `json:"match_ms"`
	ToleranceMs       int64    `json:"tolerance_ms"`
	HardTimeoutMs     int64    `json:"hard_timeout_ms"`
	StartTimeoutMs    int64    `json:"start_timeout_ms"`
	GraceMs           int64    `json:"grace_ms"`
	MaxMemory         int64    `json:"max_memory"`
	DrawAfter         int      `json:"draw_after"`
	Openings          int      `json:"openings"`
	RandomOrder       bool     `json:"random_order"`
	Seed              uint64   `json:"seed"`
	GamesPerPair      int      `json:"games_per_pair"`
	Concurrency       int      `json:"concurrency"`
	Gauntlet          bool     `json:"gauntlet"`
	ToMove            bool     `json:"to_move"`
	Reuse             bool     `json:"reuse"`
	EngineCommands    []string `json:"engine_commands"`
	OutDir            string   `json:"out_dir,omitempty"`
	KeepMessages      bool     `json:"keep_messages"`
	InfoLines         []string `json:"info,omitempty"`
	SPRTDescription   string   `json:"sprt,omitempty"`
}

// formatElo writes an estimate as "+190.8 ± 35.2".
func formatElo(e Estimate) string {
	if math.IsNaN(e.Elo) {
		return "n/a"
	}
	return fmt.Sprintf("%s ± %s", signed(e.Elo), unsigned(e.Margin))
}

func signed(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	// Adding 0 turns Elo(0.5) = -0 into +0.
	return fmt.Sprintf("%+.1f", x+0)
}

func unsigned(x float64) string {
	if math.IsInf(x, 0) {
		return "inf"
	}
	return fmt.Sprintf("%.1f", x)
}

// wld writes a trinomial as wins-losses-draws.
func wld(t Trinomial) string { return fmt.Sprintf("%d-%d-%d", t.Wins, t.Losses, t.Draws) }

// forfeitList writes forfeit counts as "time 2, crash 1", by reason name.
func forfeitList(m map[Reason]int) string {
	var keys []string
	for r, n := range m {
		if n > 0 {
			keys = append(keys, string(r))
		}
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[Reason(k)]))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

// WriteTable prints the final tables: standings, each pair of engines (with
// Elo from the game pairs, see PairStats.Elo), how the games ended, and the
// SPRT verdict.
func (s *Summary) WriteTable(w io.Writer) error {
	st := s.Settings
	kind := "round robin"
	if st.Gauntlet {
		kind = "gauntlet"
	}
	tc := fmt.Sprintf("turn %d ms", st.TurnMs)
	if st.MatchMs > 0 {
		tc += fmt.Sprintf(", match %d ms", st.MatchMs)
	}
	fmt.Fprintf(w, "%d of %d games, %s, %s %dx%d, %s, %d openings, %s\n",
		s.Games, s.Scheduled, kind, st.Rule, st.Width, st.Height, tc, st.Openings,
		s.Elapsed.Round(time.Millisecond))
	if s.Interrupted {
		fmt.Fprintln(w, "(interrupted: the counts cover the finished games)")
	}
	fmt.Fprintf(w, "black wins %d, white wins %d, draws %d; endings: %s\n\n",
		s.BlackWins, s.WhiteWins, s.Draws, forfeitList(s.Ends))

	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', tabwriter.AlignRight)
	order := make([]int, len(s.Engines))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return s.Engines[order[a]].Results.Score() > s.Engines[order[b]].Results.Score()
	})
	ratings := s.Ratings()
	fmt.Fprintln(tw, "rank\tengine\tgames\tW-L-D\tscore\t%\trating\tforfeits\tmoves\tover budget\tlongest ms\tclosest ms\t")
	for rank, i := range order {
		e := s.Engines[i]
		pct := 0.0
		if g := e.Results.Games(); g > 0 {
			pct = 100 * e.Results.Score() / float64(g)
		}
		closest := "-"
		if e.Bounded > 0 {
			closest = fmt.Sprint(e.Closest.Milliseconds())
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%.1f\t%.1f\t%s\t%s\t%d\t%d\t%d\t%s\t\n", rank+1, e.Name, e.Results.Games(),
			wld(e.Results), e.Results.Score(), pct, signed(ratings[i]), forfeitList(e.Forfeits),
			e.Moves, e.Over, e.Longest.Milliseconds(), closest)
	}
	tw.Flush()
	if len(s.Engines) > 2 {
		fmt.Fprintf(w, "(rating: Elo fitted to all games, %s = 0, one virtual draw per pair)\n", s.Engines[0].Name)
	}
	fmt.Fprintln(w)

	tw = tabwriter.NewWriter(w, 2, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "pair\tgames\tW-L-D\tscore %\tElo ± 95%\tmodel\tas black\tas white\tpairs 0-½-1-1½-2\t")
	for i := range s.Pairs {
		p := &s.Pairs[i]
		pct := math.NaN()
		if g := p.Results.Games(); g > 0 {
			pct = 100 * p.Results.Score() / float64(g)
		}
		e := p.Elo()
		penta := fmt.Sprintf("%d-%d-%d-%d-%d", p.Penta[0], p.Penta[1], p.Penta[2], p.Penta[3], p.Penta[4])
		fmt.Fprintf(tw, "%s vs %s\t%d\t%s\t%.1f\t%s\t%s\t%s\t%s\t%s\t\n",
			s.Engines[p.A].Name, s.Engines[p.B].Name, p.Results.Games(), wld(p.Results), pct,
			formatElo(e), e.Model, wld(p.AsBlack), wld(p.AsWhite), penta)
	}
	tw.Flush()
	fmt.Fprintln(w, "(W-L-D, score and Elo are the first engine's; Elo from game pairs when any is complete)")
	if s.SPRT != nil {
		sp := s.SPRT
		fmt.Fprintf(w, "\n%s: LLR %.3f [%.3f, %.3f] from %d %s samples: %s\n", sp.SPRT, sp.LLR,
			sp.Lower, sp.Upper, s.Pairs[0].Penta.Pairs(), sp.Model, sp.Verdict)
	}
	return nil
}

// jsonFloat is a float that encodes NaN and infinities as null.
type jsonFloat float64

// MarshalJSON implements json.Marshaler.
func (f jsonFloat) MarshalJSON() ([]byte, error) {
	x := float64(f)
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return []byte("null"), nil
	}
	return json.Marshal(x)
}

type jsonEstimate struct {
	Model   string    `json:"model"`
	N       int       `json:"n"`
	Score   jsonFloat `json:"score"`
	ScoreLo jsonFloat `json:"score_lo"`
	ScoreHi jsonFloat `json:"score_hi"`
	Elo     jsonFloat `json:"elo"`
	EloLo   jsonFloat `json:"elo_lo"`
	EloHi   jsonFloat `json:"elo_hi"`
	Margin  jsonFloat `json:"elo_margin"`
}

func toJSONEstimate(e Estimate) jsonEstimate {
	return jsonEstimate{e.Model, e.N, jsonFloat(e.Score), jsonFloat(e.ScoreLo), jsonFloat(e.ScoreHi),
		jsonFloat(e.Elo), jsonFloat(e.EloLo), jsonFloat(e.EloHi), jsonFloat(e.Margin)}
}

type jsonWLD struct {
	Wins   int `json:"wins"`
	Losses int `json:"losses"`
	Draws  int `json:"draws"`
}

func toWLD(t Trinomial) jsonWLD { return jsonWLD{t.Wins, t.Losses, t.Draws} }

type jsonEngine struct {
	Name     string         `json:"name"`
	Games    int            `json:"games"`
	Score    float64        `json:"score"`
	Rating   jsonFloat      `json:"rating"`
	Results  jsonWLD        `json:"results"`
	Forfeits map[Reason]int `json:"forfeits"`
	// Move times: see EngineStats.
	Moves     int   `json:"moves"`
	Over      int   `json:"moves_over_budget"`
	LongestMs int64 `json:"longest_move_ms"`
	ClosestMs int64 `json:"closest_to_budget_ms"`
}

type jsonPair struct {
	A            string       `json:"a"`
	B            string       `json:"b"`
	Games        int          `json:"games"`
	Results      jsonWLD      `json:"results"`
	AsBlack      jsonWLD      `json:"a_as_black"`
	AsWhite      jsonWLD      `json:"a_as_white"`
	Pentanomial  [5]int       `json:"pentanomial"`
	Elo          jsonEstimate `json:"elo"`
	EloTrinomial jsonEstimate `json:"elo_trinomial"`
	EloPentanom  jsonEstimate `json:"elo_pentanomial"`
}

type jsonSPRT struct {
	Elo0    float64   `json:"elo0"`
	Elo1    float64   `json:"elo1"`
	Alpha   float64   `json:"alpha"`
	Beta    float64   `json:"beta"`
	Model   string    `json:"model"`
	LLR     jsonFloat `json:"llr"`
	Lower   float64   `json:"lower"`
	Upper   float64   `json:"upper"`
	Verdict Verdict   `json:"verdict"`
}

type jsonSummary struct {
	Settings    Settings       `json:"settings"`
	Games       int            `json:"games"`
	Scheduled   int            `json:"scheduled"`
	Interrupted bool           `json:"interrupted"`
	ElapsedMs   int64          `json:"elapsed_ms"`
	BlackWins   int            `json:"black_wins"`
	WhiteWins   int            `json:"white_wins"`
	Draws       int            `json:"draws"`
	Ends        map[Reason]int `json:"ends"`
	Engines     []jsonEngine   `json:"engines"`
	Pairs       []jsonPair     `json:"pairs"`
	SPRT        *jsonSPRT      `json:"sprt,omitempty"`
}

// WriteJSON writes every count, the Elo estimates (both models) and the
// SPRT state as one indented JSON object.
func (s *Summary) WriteJSON(w io.Writer) error {
	out := jsonSummary{Settings: s.Settings, Games: s.Games, Scheduled: s.Scheduled,
		Interrupted: s.Interrupted, ElapsedMs: s.Elapsed.Milliseconds(), BlackWins: s.BlackWins,
		WhiteWins: s.WhiteWins, Draws: s.Draws, Ends: s.Ends}
	ratings := s.Ratings()
	for i, e := range s.Engines {
		out.Engines = append(out.Engines, jsonEngine{e.Name, e.Results.Games(), e.Results.Score(),
			jsonFloat(ratings[i]), toWLD(e.Results), e.Forfeits,
			e.Moves, e.Over, e.Longest.Milliseconds(), e.Closest.Milliseconds()})
	}
	for i := range s.Pairs {
		p := &s.Pairs[i]
		out.Pairs = append(out.Pairs, jsonPair{A: s.Engines[p.A].Name, B: s.Engines[p.B].Name,
			Games: p.Results.Games(), Results: toWLD(p.Results), AsBlack: toWLD(p.AsBlack),
			AsWhite: toWLD(p.AsWhite), Pentanomial: p.Penta, Elo: toJSONEstimate(p.Elo()),
			EloTrinomial: toJSONEstimate(p.Results.Estimate()), EloPentanom: toJSONEstimate(p.Penta.Estimate())})
	}
	if sp := s.SPRT; sp != nil {
		out.SPRT = &jsonSPRT{sp.Elo0, sp.Elo1, sp.Alpha, sp.Beta, sp.Model, jsonFloat(sp.LLR),
			sp.Lower, sp.Upper, sp.Verdict}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
