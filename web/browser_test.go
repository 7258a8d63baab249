package web

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// browserPath finds a Chromium or Chrome: KAKUGO_CHROME, else the usual
// names on the PATH.
func browserPath() string {
	if p := os.Getenv("KAKUGO_CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestBrowserPlaysRenju loads the page in a real headless browser, imports
// a renju position with a forbidden point for black, plays a move by
// clicking the board, waits for the engine's reply and its analysis,
// exports the game as SGF, analyses the position live, watches a short
// match between two brains, and plays in a second tab, which gets a game
// of its own.
// It saves a screenshot (KAKUGO_SCREENSHOT names the file; otherwise it
// goes to the test's temporary directory).
func TestBrowserPlaysRenju(t *testing.T) {
	path := browserPath()
	if path == "" {
		t.Skip("no Chromium or Chrome found (install Debian's chromium, or set KAKUGO_CHROME): browser test skipped")
	}
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	_, ts := newTestServer(t)

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1280, 860),
		chromedp.UserDataDir(t.TempDir()))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// Start the browser with no deadline (a deadline on the first run
	// would stop the whole browser), then bound the test.
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	var mu sync.Mutex
	var console []string
	cctx, stopConsole := context.WithCancel(bctx)
	defer stopConsole()
	msgs := chromedp.Console(cctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			mu.Lock()
			console = append(console, fmt.Sprintf("%s: %s (%s:%d)", m.Type, m.Text, m.URL, m.Line))
			mu.Unlock()
		}
	}()
	ctx, cancelRun := context.WithTimeout(bctx, 3*time.Minute)
	defer cancelRun()
	fail := func(step string, err error) {
		t.Helper()
		mu.Lock()
		defer mu.Unlock()
		shot, _ := chromedp.Run(bctx, chromedp.CaptureScreenshot())
		if name := os.Getenv("KAKUGO_SCREENSHOT"); len(shot) > 0 && name != "" {
			name = strings.TrimSuffix(name, ".png") + "-failed.png"
			os.WriteFile(name, shot, 0o644)
			t.Logf("screenshot of the failure: %s", name)
		}
		t.Fatalf("%s: %v\nbrowser console:\n%s", step, err, strings.Join(console, "\n"))
	}
	// Generous timeouts: the machine may be busy; nothing here measures time.
	wait := func(expr string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(pollTimeout))
	}

	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL), wait(`state !== null && state.stones.length === 0`)); err != nil {
		fail("loading the page", err)
	}
	// A renju position where j8 is a double three for black; black to move.
	// The engine gets 3 s a move: on a starved machine (a niced test beside
	// two matches) a 0.5 s turn could pass in the winning search, and the
	// engine then answers in time without the tree's analysis this test
	// looks for.
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`$("rule").value = "renju"; $("time").value = "3"`),
		chromedp.Click(chromedp.ID("new")),
		wait(`state.rule === "renju" && state.timeMs === 3000`),
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#gamebox").nextElementSibling.nextElementSibling.open = true`),
		chromedp.SetValue(chromedp.ID("record"), "h8a1i8o1j9a15j10o15"),
		chromedp.Click(chromedp.ID("import")),
		wait(`state.stones.length === 8 && state.forbidden.some((p) => p.name === "j8")`),
	); err != nil {
		fail("importing a renju position", err)
	}
	// A click on the forbidden point is refused with a message, and changes nothing.
	if err := chromedp.Do(ctx, clickCell(9, 7), wait(`!$("error").hidden && $("error").textContent.includes("forbidden") && state.stones.length === 8`)); err != nil {
		fail("clicking a forbidden point", err)
	}
	// A legal click: the engine (white) answers, with its analysis.
	if err := chromedp.Do(ctx, clickCell(7, 6), wait(`state.stones.length === 10 && !state.thinking`),
		wait(`document.querySelectorAll("#analysis tbody tr").length > 0 || $("proof").textContent !== ""`),
		wait(`state.evals.length > 0`)); err != nil {
		fail("playing a move by clicking", err)
	}
	// Export the game as SGF through the page.
	if err := chromedp.Do(ctx, chromedp.Click(`[data-export="sgf"]`),
		wait(`$("record").value.startsWith("(;GM[4]") && $("record").value.includes("RU[renju]") && !$("download").hidden`)); err != nil {
		fail("exporting SGF", err)
	}
	// Analysis of the position, streamed live: candidates on the board.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("analyse")),
		wait(`analysis && analysis.version === state.version && analysis.mode === "analyse" &&
			(analysis.moves.length > 0 && analysis.playouts > 0 || analysis.proof)`)); err != nil {
		fail("analysing", err)
	}
	// Scroll back to the top and let two frames paint before the shot.
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0);
		new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))`, chromedp.EvalAwaitPromise)); err != nil {
		fail("scrolling to the board", err)
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		fail("taking a screenshot", err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("analyse")), wait(`!state.thinking && !state.analyse && state.stones.length === 10`)); err != nil {
		fail("stopping the analysis", err)
	}
	// Watch a short match between two brains, then come back to the game.
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`$("watchbox").open = true; $("first").value = "greedy"; $("second").value = "kakugo";
			$("games").value = "2"; $("watchTime").value = "0.1"; $("size").value = "15"; $("rule").value = "freestyle"`),
		chromedp.Click(chromedp.ID("watchStart")),
		wait(`watch && watch.current && watch.current.stones.length > 0`),
		wait(`watch.done && watch.results.length === 2 && $("score").textContent.includes("2 of 2 games")`),
	); err != nil {
		fail("watching a match", err)
	}
	if name := os.Getenv("KAKUGO_SCREENSHOT"); name != "" {
		if shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
			os.WriteFile(strings.TrimSuffix(name, ".png")+"-watch.png", shot, 0o644)
		}
	}
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("watchLeave")),
		wait(`watch === null && state.stones.length === 10`),
	); err != nil {
		fail("watching a match", err)
	}
	// A second tab gets a game of its own: a move there leaves the first
	// tab's game as it was.
	first, err := chromedp.Run(ctx, chromedp.Evaluate[string](`state.id`))
	if err != nil {
		fail("reading the game's id", err)
	}
	tab, cancelTab := chromedp.NewContext(bctx)
	defer cancelTab()
	tctx, cancelTabRun := context.WithTimeout(tab, 3*time.Minute)
	defer cancelTabRun()
	if err := chromedp.Do(tctx, chromedp.Navigate(ts.URL), wait(`state !== null && state.stones.length === 0`),
		clickCell(7, 7), wait(`state.stones.length === 2 && !state.thinking`)); err != nil {
		fail("playing in a second tab", err)
	}
	second, err := chromedp.Run(tctx, chromedp.Evaluate[string](`state.id`))
	if err != nil || second == first {
		fail("the second tab's game", fmt.Errorf("id %q, the first tab's %q (%v)", second, first, err))
	}
	if err := chromedp.Do(ctx, wait(`state.id === "`+first+`" && state.stones.length === 10 && state.rule === "renju"`)); err != nil {
		fail("the first tab after the second played", err)
	}
	name := os.Getenv("KAKUGO_SCREENSHOT")
	if name == "" {
		name = filepath.Join(t.TempDir(), "board.png")
	}
	if err := os.WriteFile(name, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", name, len(shot))
	mu.Lock()
	defer mu.Unlock()
	for _, line := range console {
		// The refused click's 400 is logged as a failed resource: expected.
		if strings.HasPrefix(line, "exception") || strings.HasPrefix(line, "error") && !strings.Contains(line, "status of 400") {
			t.Errorf("browser console: %s", line)
		}
	}
}

// pollTimeout bounds each wait of the browser test: generous, because the
// machine may be busy and nothing here measures time.
var pollTimeout = 2 * time.Minute

// clickCell clicks the board's cell (x, y) with the mouse, where the page
// draws it.
func clickCell(x, y int) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		pos, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
			const r = canvas.getBoundingClientRect(), k = r.width / canvas.width;
			return [r.left + (geo.ox + %d * geo.cell) * k, r.top + (geo.oy + %d * geo.cell) * k];
		})()`, x, y)))
		if err != nil {
			return err
		}
		_, err = chromedp.Run(ctx, chromedp.MouseClickXY(pos[0], pos[1]))
		return err
	})
}
