package ab

import (
	"bufio"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

func TestDevPositions(t *testing.T) {
	f := os.Getenv("KAKUGO_AB_POS")
	if f == "" {
		t.Skip("KAKUGO_AB_POS not set")
	}
	fh, _ := os.Open(f)
	sc := bufio.NewScanner(fh)
	var tn, tq int64
	for sc.Scan() {
		b := testpos.Board(t, 15, engine.Freestyle, sc.Text())
		e := eval.Attach(b)
		s := New(Options{})
		st := time.Now()
		r := s.Search(e, Limits{Hard: st.Add(300 * time.Millisecond), Soft: st.Add(200 * time.Millisecond)})
		tn += r.Nodes
		tq += s.qnodes
		fmt.Printf("d %d n %d q %d %v %s %d\n", r.Depth, r.Nodes, s.qnodes, time.Since(st).Round(time.Millisecond), engine.FormatMove(b.XY(r.Move)), r.Score)
		e.Detach()
	}
	fmt.Println("total", tn, tq)
}

func TestDevDepths(t *testing.T) {
	f := os.Getenv("KAKUGO_AB_POS")
	if f == "" {
		t.Skip("KAKUGO_AB_POS not set")
	}
	fh, _ := os.Open(f)
	sc := bufio.NewScanner(fh)
	k := 0
	for sc.Scan() {
		k++
		if k%10 != 3 {
			continue
		}
		b := testpos.Board(t, 15, engine.Freestyle, sc.Text())
		e := eval.Attach(b)
		line := ""
		for d := 1; d <= 9; d++ {
			s := New(Options{})
			r := s.Search(e, Limits{MaxDepth: d, MaxNodes: 3_000_000})
			line += fmt.Sprintf(" %d:%d/%d", d, r.Nodes, s.qnodes)
			if r.Depth < d {
				break
			}
		}
		fmt.Println(line)
		e.Detach()
	}
}
