// Package weights embeds Kakugo's default policy network, trained by
// `pbrain-kakugo train` on Gomocup records (README.md in this directory has
// the format, the training command and the measured accuracy). It holds data
// only; package nn decodes it.
package weights

import (
	"bytes"
	_ "embed"
)

//go:embed default.kkw
var defaultWeights []byte

// DefaultName is the file name of the default weights, for messages.
const DefaultName = "weights/default.kkw"

// Default returns a copy of the compressed default weights, ready for
// nn.LoadBytes.
func Default() []byte { return bytes.Clone(defaultWeights) }
