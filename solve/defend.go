package solve

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/win"
)

// RunDefend asks the defence question of each case and prints the answer:
// has the opponent (the side not to move) a forced win of the case's kind
// if the side to move passes, and which moves leave it none
// (win.Search.Defend: the cells of the opponent's proof and our fours,
// each played and searched again; a search that ran out of time counts
// as safe, candidates left unchecked are left out). For the defence
// diagnosis of issue 20: the positions before a move that lost, and the
// moves that would have held (docs/testing.md, 2026-11-27).
func RunDefend(ws *win.Search, cases []Case, lim Limits, stdout io.Writer) {
	threatened, lost := 0, 0
	for i, c := range cases {
		ws.Clear()
		ws.MaxDepth = c.depth
		ev := eval.Attach(c.board)
		ctx, spent := lim.Clock(lim.PerPosition)
		safe, th := ws.Defend(ctx, c.board, ev, c.kind, time.Time{}, lim.MaxNodes)
		el := spent()
		ev.Detach()
		status := "not threatened"
		if th {
			threatened++
			names := make([]string, len(safe))
			for j, p := range safe {
				names[j] = cellName(c.board, p, c.diagram)
			}
			status = fmt.Sprintf("threatened, safe %d: %s", len(safe), strings.Join(names, " "))
			if len(safe) == 0 {
				lost++
				status = "threatened, safe 0: lost"
			}
		}
		fmt.Fprintf(stdout, "[%d/%d] %s, %v %v defence: %s | %.2f ms\n", i+1, len(cases), c.name,
			c.board.SideToMove(), c.kind, status, float64(el.Microseconds())/1000)
	}
	fmt.Fprintf(stdout, "threatened %d of %d, lost (no safe move) %d\n", threatened, len(cases), lost)
}
