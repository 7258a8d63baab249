// Package weights embeds Kakugo's default policy network, trained by
// `pbrain-kakugo train` on Gomocup records (README.md in this directory has
// the format, the training command and the measured accuracy), and its
// learned leaf value, fitted by `pbrain-kakugo train-value`. It holds data
// only; packages nn and value decode them.
package weights

import (
	"bytes"
	_ "embed"
)

//go:embed default.kkw
var defaultWeights []byte

//go:embed value.kvw
var valueWeights []byte

//go:embed value-combos.kvw
var valueCombos []byte

// ValueCombosName is the file name of the previous default value weights
// (a logistic model over the Combos features, the default until
// 2026-11-26), for messages.
const ValueCombosName = "weights/value-combos.kvw"

// ValueCombos returns a copy of the previous default value weights, ready
// for value.Read.
func ValueCombos() []byte { return bytes.Clone(valueCombos) }

// ValueName is the file name of the default value weights, for messages.
const ValueName = "weights/value.kvw"

// Value returns a copy of the default value weights, ready for value.Read.
func Value() []byte { return bytes.Clone(valueWeights) }

// DefaultName is the file name of the default weights, for messages.
const DefaultName = "weights/default.kkw"

// Default returns a copy of the compressed default weights, ready for
// nn.LoadBytes.
func Default() []byte { return bytes.Clone(defaultWeights) }
