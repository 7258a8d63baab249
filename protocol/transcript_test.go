package protocol

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// about is the ABOUT reply the tests expect.
const about = `name="Kakugo", version="0.1", author="The Kakugo authors", country="International"`

// transcripts are whole conversations as managers hold them. Each runs with
// LF, CR LF and lone CR line ends.
var transcripts = []struct {
	name    string
	suggest bool
	steps   []step
}{
	{name: "piskvork game", steps: []step{
		{in: "ABOUT", want: []string{about}},
		{in: "START 15", want: []string{"OK"}},
		{in: "INFO timeout_turn 1000\nINFO timeout_match 100000\nINFO time_left 100000\nINFO max_memory 367001600\nINFO game_type 1\nINFO rule 0\nINFO folder /tmp/kakugo"},
		{in: "BEGIN", want: []string{"MOVE"}},
		{in: "INFO time_left 99000\nTURN 0,0", want: []string{"MOVE"}},
		{in: "INFO time_left 98000\nTURN 14,14", want: []string{"MOVE"}},
		{in: "TURN 0,14", want: []string{"MOVE"}},
		{in: "END"},
	}},
	{name: "brain is white", steps: []step{
		{in: "START 20", want: []string{"OK"}},
		{in: "TURN 10,10", want: []string{"MOVE"}},
		{in: "TURN 11,11", want: []string{"MOVE"}},
		{in: "TAKEBACK 11,11", want: []string{"ERROR*"}}, // not the last move
	}},
	{name: "case and spaces", steps: []step{
		{in: "  start   15  ", want: []string{"OK"}},
		{in: "info  Timeout_Turn   500 "},
		{in: "Begin", want: []string{"MOVE"}},
		{in: "turn  7 , 8", want: []string{"MOVE"}},
		{in: "\tTURN\t3,\t4 ", want: []string{"MOVE"}},
		{in: "", want: nil},
		{in: "   ", want: nil},
		{in: "about", want: []string{about}},
		{in: "rEsTaRt", want: []string{"OK"}},
		{in: "board\n 7 , 7 , 1 \n8,8,2\n done ", want: []string{"MOVE"}},
	}},
	{name: "c-gomoku-cli many games", steps: []step{
		{in: "ABOUT", want: []string{about}},
		{in: "START 15", want: []string{"OK"}},
		{in: "BOARD\n7,7,2\n8,8,1\n7,8,2\nDONE", want: []string{"MOVE"}},
		{in: "TURN 2,2", want: []string{"MOVE"}},
		{in: "START 15", want: []string{"OK"}},
		{in: "BOARD\n7,7,1\n8,8,2\nDONE", want: []string{"MOVE"}},
		{in: "TURN 3,3", want: []string{"MOVE"}},
		{in: "START 20", want: []string{"OK"}},
		{in: "BEGIN", want: []string{"MOVE"}},
		{in: "TURN 0,19", want: []string{"MOVE"}},
		{in: "RECTSTART 10,7", want: []string{"OK"}},
		{in: "TURN 9,6", want: []string{"MOVE"}},
		{in: "START 15", want: []string{"OK"}},
		{in: "YXSTOP"}, // nothing to stop: no reply
		{in: "BEGIN", want: []string{"MOVE"}},
	}},
	{name: "gomocupjudge does not wait for OK", steps: []step{
		{in: "START 15", want: []string{"OK"}, batch: true},
		{in: "INFO timeout_turn 1000\nINFO timeout_match 180000\nINFO rule 1", batch: true},
		{in: "INFO time_left 180000", batch: true},
		{in: "BOARD\n7,7,2\n7,8,1\n8,8,2\nDONE", want: []string{"MOVE"}},
		{in: "INFO time_left 170000\nTURN 1,1", want: []string{"MOVE"}},
		{in: "END"},
	}},
	{name: "takeback", steps: []step{
		{in: "START 15", want: []string{"OK"}},
		{in: "TAKEBACK 7,7", want: []string{"ERROR*"}}, // empty board
		{in: "BEGIN", want: []string{"MOVE"}},          // 7,7 for the interim player
		{in: "TURN 0,0", want: []string{"MOVE"}},
		{in: "TAKEBACK 0,0", want: []string{"ERROR*"}}, // not the last move
		{in: "TAKEBACK 99,0", want: []string{"ERROR*"}},
		{in: "TAKEBACK x", want: []string{"ERROR*"}},
		{in: "TAKEBACK 7,7", want: []string{"ERROR*"}},
	}},
	{name: "suggest and play", suggest: true, steps: []step{
		{in: "START 15", want: []string{"OK"}},
		{in: "PLAY 7,7", want: []string{"ERROR*"}}, // nothing suggested
		{in: "BEGIN", want: []string{"SUGGEST"}},
		{in: "TURN 0,0", want: []string{"ERROR*"}}, // the suggestion waits
		{in: "PLAY 7,7", want: []string{"7,7"}},
		{in: "PLAY 7,7", want: []string{"ERROR*"}},
		{in: "TURN 0,0", want: []string{"SUGGEST"}},
		{in: "PLAY 0,0", want: []string{"ERROR*"}}, // occupied
		{in: "PLAY 1,1", want: []string{"1,1"}},    // the manager may overrule
		{in: "TAKEBACK 1,1", want: []string{"OK"}},
		{in: "PLAY 1,1", want: []string{"ERROR*"}},
	}},
	{name: "info values", steps: []step{
		{in: "INFO rule 4", want: nil},
		{in: "START 15", want: []string{"OK"}},
		{in: "INFO rule 7"},
		{in: "INFO rule abc\nINFO timeout_turn -5\nINFO timeout_match 99999999999999999999\nINFO time_left 2147483648\nINFO max_memory -1\nINFO thread_num 100000\nINFO max_node x\nINFO game_type 9\nINFO hash_size -3\nINFO show_detail -1\nINFO max_depth 1e6"},
		{in: "INFO evaluate garbage\nINFO evaluate 3,4\nINFO frobnicate 12\nINFO\nINFO folder"},
		// Told as MESSAGE lines, never ERROR (a move may be due); huge
		// time_left is "unlimited" and show_detail any number: no word.
		{in: "ABOUT", want: []string{
			"MESSAGE INFO rule 7*", "MESSAGE INFO rule \"abc\"*", "MESSAGE INFO timeout_turn -5*0 used",
			"MESSAGE INFO timeout_match*2147483647 used", "MESSAGE INFO max_memory -1*0 used",
			"MESSAGE INFO thread_num 100000*threads used*", "MESSAGE INFO max_node \"x\"*unchanged",
			"MESSAGE INFO game_type 9*3 used", "MESSAGE 4 more INFO problems", about}},
		{in: "ABOUT", want: []string{about}}, // reported once
		// The rule is still renju: the overline point is forbidden.
		{in: "YXBOARD\n0,0,1\n1,0,1\n2,0,1\n4,0,1\n5,0,1\n0,14,2\n2,14,2\n4,14,2\n6,14,2\n8,14,2\nDONE"},
		{in: "YXSHOWFORBID", want: []string{"FORBID 0300."}},
		{in: "INFO time_left -5000\nINFO time_left 2147483647\nINFO time_left 0\nINFO timeout_turn 0\nINFO timeout_match 0\nINFO show_detail 1\nINFO show_detail 0"},
		{in: "BEGIN", want: []string{"MOVE"}},
	}},
	{name: "yixin-board", steps: []step{
		{in: "INFO rule 2", want: nil},
		{in: "START 15", want: []string{"OK"}},
		{in: "INFO max_depth 225\nINFO max_node 1000000\nINFO thread_num 2\nINFO hash_size 65536\nINFO show_detail 1"},
		// Double three at 7,7 and an overline at 3,12; white far away.
		{in: "YXBOARD\n5,7,1\n6,7,1\n7,5,1\n7,6,1\n0,12,1\n1,12,1\n2,12,1\n4,12,1\n5,12,1\n14,0,2\n12,0,2\n10,0,2\n14,2,2\n12,2,2\n10,2,2\n14,4,2\n12,4,2\n10,4,2\nDONE"},
		{in: "YXSHOWFORBID", want: []string{"FORBID 07070312."}},
		{in: "YXHASHCLEAR"},
		{in: "YXNBEST 3", want: []string{"MESSAGE NBEST 1 *", "MOVE"}}, // not an NBester: its one move
		{in: "YXNBEST 0", want: []string{"ERROR*"}},
		{in: "YXNBEST x", want: []string{"ERROR*"}},
		{in: "YXNBEST 2", want: []string{"ERROR*"}}, // the brain just moved
		{in: "TURN 13,13", want: []string{"MOVE"}},
		{in: "YXBOARD\nDONE"},
		{in: "YXSHOWFORBID", want: []string{"FORBID ."}},
		// 1 own, 0 opponent stones: set up all the same, with a word.
		{in: "YXBOARD\n7,7,1\nDONE", want: []string{"MESSAGE YXBOARD: 1 own and 0 opponent stones*"}},
	}},
	{name: "rule timing", steps: []step{
		{in: "START 15", want: []string{"OK"}},
		{in: "TURN 0,0", want: []string{"MOVE"}},
		// Mid-game: the game goes on under its rule, but a position set up
		// anew (YXBOARD, BOARD, SWAP2BOARD) takes the new one.
		{in: "INFO rule 4"},
		{in: "YXBOARD\n5,7,1\n6,7,1\n7,5,1\n7,6,1\n0,0,2\n2,0,2\n4,0,2\n6,0,2\nDONE"},
		{in: "YXSHOWFORBID", want: []string{"FORBID 0707."}},
		{in: "RESTART", want: []string{"OK"}},
		{in: "YXBOARD\n5,7,1\n6,7,1\n7,5,1\n7,6,1\n0,0,2\n2,0,2\n4,0,2\n6,0,2\nDONE"},
		{in: "YXSHOWFORBID", want: []string{"FORBID 0707."}},
		{in: "BEGIN", want: []string{"MOVE"}}, // anything but 7,7
		// On an empty board a new rule applies at once.
		{in: "START 15", want: []string{"OK"}},
		{in: "INFO rule 0"},
		{in: "YXBOARD\n5,7,1\n6,7,1\n7,5,1\n7,6,1\n0,0,2\n2,0,2\n4,0,2\n6,0,2\nDONE"},
		{in: "YXSHOWFORBID", want: []string{"FORBID ."}},
	}},
	{name: "swap2", steps: []step{
		{in: "START 15", want: []string{"OK"}},
		{in: "INFO rule 1"},
		{in: "SWAP2BOARD\nDONE", want: []string{"SWAP2"}},
		{in: "SWAP2BOARD\n7,7\n8,7\n9,9\nDONE", want: []string{"SWAP2"}},
		{in: "SWAP2BOARD\n7,7\n8,7\n9,9\n8,8\n8,6\nDONE", want: []string{"SWAP2"}},
		{in: "SWAP2BOARD\n7,7\n8,7\nDONE", want: []string{"ERROR*"}},
		{in: "SWAP2BOARD\n7,7\n7,7\n9,9\nDONE", want: []string{"ERROR*"}},
		{in: "SWAP2BOARD\n7,7\n8,7\n9,99\nDONE", want: []string{"ERROR*"}},
		{in: "SWAP2BOARD\n1,1\n1,2\n1,3\n1,4\n1,5\n1,6\nDONE", want: []string{"ERROR*"}},
		// SWAP2BOARD leaves the game alone: the game starts with BOARD.
		{in: "BOARD\n7,7,2\n8,7,1\n9,9,2\nDONE", want: []string{"MOVE"}},
		{in: "TAKEBACK 9,9", want: []string{"ERROR*"}},
		// Stones as BOARD lines (x,y,field) are read too.
		{in: "SWAP2BOARD\n7,7,1\n8,7,2\n9,9,1\nDONE", want: []string{"SWAP2"}},
	}},
	{name: "takeback to an empty board", steps: []step{
		{in: "START 15", want: []string{"OK"}},
		{in: "TURN 7,7", want: []string{"MOVE"}},
		{in: "TAKEBACK $LAST", want: []string{"OK"}},
		{in: "TAKEBACK 7,7", want: []string{"OK"}},
		// The brain was white; on the empty board it may open as black.
		{in: "BEGIN", want: []string{"MOVE"}},
	}},
}

func TestTranscripts(t *testing.T) {
	eols := []struct{ name, eol string }{{"LF", "\n"}, {"CRLF", "\r\n"}, {"CR", "\r"}}
	for _, tc := range transcripts {
		for _, e := range eols {
			t.Run(tc.name+"/"+e.name, func(t *testing.T) {
				// Fixed cores: the thread cap's note must not depend on the machine.
				br := startBrain(t, Config{Player: fast, Suggest: tc.suggest, Cores: 2}, e.eol)
				br.run(tc.steps)
				br.finish()
			})
		}
	}
}

// TestBadInput sends what a broken or hostile manager might, and checks
// after each that the game is as it was.
func TestBadInput(t *testing.T) {
	long := strings.Repeat("7", 3<<20)
	steps := []step{
		{in: "TURN 7,7", want: []string{"ERROR*"}},
		{in: "BEGIN", want: []string{"ERROR*"}},
		{in: "BOARD\n7,7,1\nDONE", want: []string{"ERROR*"}},
		{in: "RESTART", want: []string{"ERROR*"}},
		{in: "YXSHOWFORBID", want: []string{"ERROR*"}},
		{in: "TAKEBACK 1,1", want: []string{"ERROR*"}},
		{in: "START", want: []string{"ERROR*"}},
		{in: "START 4", want: []string{"ERROR*"}},
		{in: "START 33", want: []string{"ERROR*"}},
		{in: "START -15", want: []string{"ERROR*"}},
		{in: "START 15x", want: []string{"ERROR*"}},
		{in: "START 99999999999999999999999999", want: []string{"ERROR*"}},
		{in: "RECTSTART 15", want: []string{"ERROR*"}},
		{in: "RECTSTART 15,4", want: []string{"ERROR*"}},
		{in: "RECTSTART ,", want: []string{"ERROR*"}},
		{in: "START 15", want: []string{"OK"}},
		{in: "TURN 7,7", want: []string{"MOVE"}},
		{in: "TURN 7,7", want: []string{"ERROR*"}}, // occupied
		{in: "TURN 15,0", want: []string{"ERROR*"}},
		{in: "TURN 0,15", want: []string{"ERROR*"}},
		{in: "TURN -1,0", want: []string{"ERROR*"}},
		{in: "TURN 7", want: []string{"ERROR*"}},
		{in: "TURN 1,2,3", want: []string{"ERROR*"}},
		{in: "TURN a,b", want: []string{"ERROR*"}},
		{in: "TURN 4294967297,1", want: []string{"ERROR*"}},
		{in: "TURN", want: []string{"ERROR*"}},
		{in: "BEGIN", want: []string{"ERROR*"}}, // not the brain's turn
		{in: long, want: []string{"ERROR*too long*"}},
		{in: "TURN " + long, want: []string{"ERROR*"}},
		{in: "\x00\x01\x02\xff\xfe garbage \x80", want: []string{"UNKNOWN *garbage ?"}},
		{in: "TU\x00RN 1,1", want: []string{"UNKNOWN TU?RN 1,1"}},
		{in: "\xc3\x28 \xe2\x82", want: []string{"UNKNOWN ?( ??"}},
		{in: "DONE", want: []string{"ERROR*"}},
		{in: "1,1,1", want: []string{"UNKNOWN 1,1,1"}},
		{in: "FOO", want: []string{"UNKNOWN FOO"}},
		// Bad positions: refused whole.
		{in: "BOARD\n1,1,1\n1,1,2\nDONE", want: []string{"ERROR*occupied*"}},
		{in: "BOARD\n1,1,1\n15,1,2\nDONE", want: []string{"ERROR*"}},
		{in: "BOARD\n1,1,1\n2,2,1\n99,1,2\nDONE", want: []string{"ERROR*99,1*off*"}},
		{in: "BOARD\n1,1,2\n2,2,2\n4,4,2\n1,1,1\nDONE", want: []string{"ERROR*1,1*occupied*"}},
		{in: "BOARD\n0,0,1\n1,0,1\n2,0,1\n3,0,1\n4,0,1\n0,5,2\n2,5,2\n4,5,2\n6,5,2\n8,5,2\nDONE", want: []string{"ERROR*five*"}},
		{in: "BOARD\n1,1,3\nDONE", want: []string{"ERROR*not supported*"}},
		{in: "BOARD\n1,1,0\nDONE", want: []string{"ERROR*"}},
		{in: "BOARD\n1,1\nDONE", want: []string{"ERROR*"}},
		{in: "BOARD\n" + long + "\nDONE", want: []string{"ERROR*too long*"}},
		{in: "BOARD\n1,1,1\nABOUT", want: []string{"ERROR*not closed*", about}},
		// Every refusal left the game alone: the last move is still the
		// brain's answer to 7,7, which TAKEBACK finds; then 7,7 itself.
		{in: "TURN 7,7", want: []string{"ERROR*"}},
	}
	br := startBrain(t, Config{Player: fast}, "\n")
	br.run(steps)
	last := br.ref.b.LastMove()
	x, y := br.ref.b.XY(last)
	br.run([]step{
		{in: "TAKEBACK " + strconv.Itoa(x) + "," + strconv.Itoa(y), want: []string{"OK"}},
		{in: "TAKEBACK 7,7", want: []string{"OK"}},
		{in: "TURN 7,7", want: []string{"MOVE"}},
	})
	br.finish()
}

// TestManagerTranscripts replays testdata/transcripts: each manager's and
// GUI's real command sequence (see the README there).
func TestManagerTranscripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "transcripts", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	eols := []struct{ name, eol string }{{"LF", "\n"}, {"CRLF", "\r\n"}, {"CR", "\r"}}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		steps, err := parseTranscript(string(data))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, e := range eols {
			t.Run(filepath.Base(f)+"/"+e.name, func(t *testing.T) {
				// Two cores and a terabyte, whatever the test machine has,
				// so that the clamping notes are the same everywhere.
				br := startBrain(t, Config{Player: fast, Cores: 2, Memory: 1 << 40}, e.eol)
				br.run(steps)
				br.finish()
			})
		}
	}
}

// parseTranscript reads the transcript format of testdata/transcripts.
func parseTranscript(text string) ([]step, error) {
	var steps []step
	var cur *step
	for i, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
		case strings.HasPrefix(l, "< "):
			if cur == nil || len(cur.want) > 0 {
				steps = append(steps, step{})
				cur = &steps[len(steps)-1]
			}
			if cur.in != "" {
				cur.in += "\n"
			}
			cur.in += l[2:]
		case strings.HasPrefix(l, "> "):
			if cur == nil {
				return nil, fmt.Errorf("line %d: a reply before any command", i+1)
			}
			cur.want = append(cur.want, l[2:])
		default:
			return nil, fmt.Errorf("line %d: %q is neither a command, a reply nor a comment", i+1, l)
		}
	}
	return steps, nil
}
