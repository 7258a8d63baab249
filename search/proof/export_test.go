package proof

import "github.com/kakugo/kakugo/engine"

// CheckWithoutKillers is Check with the killer fours of the checker's own
// VCFs left unused: the checker as it was before them, so that a test
// can ask whether they ever change a verdict.
func CheckWithoutKillers(b *engine.Board, p *Proof) error {
	return checkWith(b, p, 0, nil, true)
}
