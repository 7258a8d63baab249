package search

import (
	"fmt"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/mcts"
)

// Following the attack (issue 20, conversion). Where our VCT needs more
// than one move's time, a won position is converted only if the moves in
// between keep to the attack, so that the next move's search, with the
// transposition table of this one, picks it up where it stopped. The tree
// often plays the attack's first move and then leaves it: on the freestyle
// conversion set of 2026-11-30, where our VCT alone needs 300 ms to 1 s,
// 7 of 17 positions were converted, against 28 of 29 where it needs less
// than 300 ms; in one of the lost ones the VCT had proved the win at the
// second move, but its proof's extraction ran out of time, and the tree,
// a few hundred playouts deep, valued the winning move at -0.85.
//
// So when our VCT ended open, its lead (win.Result.Lead: the attacking
// move that held out longest in the latest iteration, or the table's
// move of a win proved but not extracted or checked) replaces the tree's
// move, provided the tree thinks the position good (kakugoLeadMinValue)
// and values the lead within KakugoOptions.VCTLead of its own choice with
// some visits; a margin of kakugoLeadAlways follows every lead the tree
// has not proved lost. The move check then looks at the lead as at any
// move.
const (
	// kakugoLeadMinValue is the tree's value (for the side to move, in
	// [-1, 1]) of its chosen move below which the lead is not followed.
	kakugoLeadMinValue = 0.3
	// kakugoLeadMinVisits is the fewest playouts through the lead for its
	// value to count.
	kakugoLeadMinVisits = 8
	// kakugoLeadAlways: a margin this wide (values lie in [-1, 1]) follows
	// the lead whatever the tree thinks of either move, unless the tree
	// proved its own move won or the lead lost. In conversion at 300 ms a
	// move the tree had about 50 ms after our VCT's 60% (the share when
	// this was measured, session 24) and the check's reserve: a few
	// hundred playouts, too few for its values to judge.
	kakugoLeadAlways = 2
)

// followLead returns the VCT's lead in place of move where the lead rule
// above applies, else move.
func (k *Kakugo) followLead(lim Limits, b *engine.Board, move engine.Pos, ranked []mcts.Ranked) engine.Pos {
	lead := k.vctLead
	if k.opt.VCTLead <= 0 || !k.vctOpen || lead == engine.NoPos || lead == move || !b.Legal(lead) {
		return move
	}
	chosen, led := -1, -1
	for i, r := range ranked {
		switch r.Move {
		case move:
			chosen = i
		case lead:
			led = i
		}
	}
	if chosen < 0 || led < 0 {
		return move
	}
	c, l := ranked[chosen], ranked[led]
	if c.Proof == 1 || l.Proof == -1 {
		return move
	}
	if k.opt.VCTLead < kakugoLeadAlways && (c.Value < kakugoLeadMinValue ||
		l.Visits < kakugoLeadMinVisits || l.Value < c.Value-k.opt.VCTLead) {
		return move
	}
	k.say(lim, fmt.Sprintf("lead | %s (the VCT's attack, value %.2f) instead of %s (%.2f)",
		engine.FormatMove(b.XY(lead)), l.Value, engine.FormatMove(b.XY(move)), c.Value))
	return lead
}
