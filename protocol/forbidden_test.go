package protocol

import (
	"fmt"
	"strings"
	"testing"
)

// onlyForbidden is a renju game (Kakugo as black against Rapfi, 2026-11-28)
// after 224 moves: the one empty cell, 2,8, is forbidden for black. The
// brain used to answer ERROR and the manager scored a time forfeit.
const onlyForbidden = "ni lh jk nj lj mk ml jh kg kh ih ij mh ji lg kf jg hk gl mg ki il gj hi hh hg gi gk ik fj " +
	"hl fh kk ll km jl gm jj fn eo fk fg ej hm el dl ek em fl hn dk fi ff cj dh dj gg ee gf gh " +
	"ef hf ge hd dg je if hc he di id ck ei eh bk df ch ai bj bi cg ce eg cl cn dm cm kl jc kb " +
	"kd ib ld gc hb ie fb fc ec md le mf me lf nf kc lb ke nh lc ne ng fe gd fo fm ae bf bg ag " +
	"mi og oi li ic dc db fd eb gb ed jm kn bb nk lm ah cf lk cc cd bd bc nc ab de aa ca ac ad " +
	"oc bl dn en on nm ln ao mn nn in jn oe ia ob od ka nd fa am ak do bo ok jo io la na ko mo " +
	"da jf ea ga ba of ha oh ja af ma be oa kj cb jd jb mc mb ii nb bn dd ig bh mm aj co hj ol " +
	"mj bm oj an al nl im lo om no gn ho go oo"

// boardFromSGF is a BOARD block of moves in SGF letters ("ab": x 0, y 1),
// black first, seen by the side to move next.
func boardFromSGF(moves string) string {
	ms := strings.Fields(moves)
	lines := []string{"BOARD"}
	for i, m := range ms {
		who := 1 // the brain's stone: the side of the move after the last
		if (len(ms)-i)%2 == 1 {
			who = 2
		}
		lines = append(lines, fmt.Sprintf("%d,%d,%d", m[0]-'a', m[1]-'a', who))
	}
	return strings.Join(append(lines, "DONE"), "\n")
}

// TestOnlyForbiddenLeft: when renju leaves black only forbidden cells the
// brain still answers with a move (one of them: the game is lost either
// way) instead of leaving the manager without one, by BOARD and by TURN.
func TestOnlyForbiddenLeft(t *testing.T) {
	ms := strings.Fields(onlyForbidden)
	if len(ms) != 224 {
		t.Fatalf("%d moves, want 224", len(ms))
	}
	msg := "MESSAGE only forbidden points are left for black*"
	br := startBrain(t, Config{Player: fast, Cores: 2}, "\n")
	br.run([]step{
		{in: "START 15", want: []string{"OK"}},
		{in: "INFO rule 4"},
		{in: boardFromSGF(onlyForbidden), want: []string{msg, "2,8"}},
	})
	br.finish()

	// By TURN: the brain (black, a player that plays 6,14, the game's
	// move) is answered 14,14 and is left 2,8 alone.
	br = startBrain(t, Config{Player: fixed{6, 14}, Cores: 2}, "\n")
	br.run([]step{
		{in: "START 15", want: []string{"OK"}},
		{in: "INFO rule 4"},
		{in: boardFromSGF(strings.Join(ms[:222], " ")), want: []string{"6,14"}},
		{in: "TURN 14,14", want: []string{msg, "2,8"}},
	})
	br.finish()

	// Under SUGGEST (Piskvork's suggest mode) the manager's PLAY of that
	// cell is played, though the cell is forbidden.
	br = startBrain(t, Config{Player: fast, Suggest: true, Cores: 2}, "\n")
	br.run([]step{
		{in: "START 15", want: []string{"OK"}},
		{in: "INFO rule 4"},
		{in: boardFromSGF(onlyForbidden), want: []string{msg, "SUGGEST 2,8"}},
		{in: "PLAY 2,8", want: []string{"2,8"}},
	})
	br.finish()
}
