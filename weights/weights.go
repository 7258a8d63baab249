// Package weights embeds Kakugo's default policy network, trained by
// `pbrain-kakugo train` on Gomocup records (README.md in this directory has
// the format, the training command and the measured accuracy), the wider
// network of its deep tier of priors (trained on a GPU), its learned
// leaf value and the node value of kakugo-node, fitted by `pbrain-kakugo
// train-value`, and kakugo-joint's network and node value, trained together
// by `pbrain-kakugo train --value-head`. It holds data only; packages nn
// and value decode them.
package weights

import (
	"bytes"
	_ "embed"
)

//go:embed default.kkw
var defaultWeights []byte

//go:embed wide64.kkw
var deepWeights []byte

//go:embed value.kvw
var valueWeights []byte

//go:embed node.kvw
var nodeWeights []byte

//go:embed value-combos.kvw
var valueCombos []byte

//go:embed value-patterns.kvw
var valuePatterns []byte

// ValuePatternsName is the file name of the previous default value
// weights (the Patterns features with 16 hidden units, the default until
// 2026-11-27), for messages.
const ValuePatternsName = "weights/value-patterns.kvw"

// ValuePatterns returns a copy of the previous default value weights,
// ready for value.Read.
func ValuePatterns() []byte { return bytes.Clone(valuePatterns) }

// ValueCombosName is the file name of an earlier default value weights
// (a logistic model over the Combos features, the default until
// 2026-11-26), for messages.
const ValueCombosName = "weights/value-combos.kvw"

// ValueCombos returns a copy of the earlier default value weights, ready
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

// DeepName is the file name of the deep tier's network (64 channels, six
// blocks, trained on a GPU: README.md in this directory), for messages.
const DeepName = "weights/wide64.kkw"

// Deep returns a copy of the compressed weights of the deep tier's
// network, ready for nn.LoadBytes.
func Deep() []byte { return bytes.Clone(deepWeights) }

// NodeName is the file name of the node value's weights (a model of the
// value package's Trunk set, fitted on the default network's trunk and the
// default leaf value by `pbrain-kakugo train-value --features trunk`), for
// messages.
const NodeName = "weights/node.kvw"

// Node returns a copy of the node value's weights, ready for value.Read.
func Node() []byte { return bytes.Clone(nodeWeights) }

//go:embed joint.kkw
var jointWeights []byte

//go:embed joint-node.kvw
var jointNode []byte

// JointName is the file name of the network trained with a node value
// (`pbrain-kakugo train --value-head`, session 45: the default network
// fine-tuned with the node value's gradient in its trunk), for messages.
const JointName = "weights/joint.kkw"

// Joint returns a copy of that network's compressed weights, ready for
// nn.LoadBytes.
func Joint() []byte { return bytes.Clone(jointWeights) }

// JointNodeName is the file name of the node value trained with it.
const JointNodeName = "weights/joint-node.kvw"

// JointNode returns a copy of the node value trained with the joint
// network, ready for value.Read.
func JointNode() []byte { return bytes.Clone(jointNode) }
