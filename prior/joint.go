package prior

import (
	"bytes"
	"fmt"

	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/search/mcts"
	"github.com/kakugo/kakugo/value"
	"github.com/kakugo/kakugo/weights"
)

// LoadJoint returns a builder of per-thread policies over the embedded
// joint network (weights.Joint: the default's architecture trained with a
// node value, `pbrain-kakugo train --value-head`), as Load does for the
// default.
func LoadJoint() (func() mcts.Policy, error) {
	net, err := nn.LoadBytes(weights.Joint())
	if err != nil {
		return nil, fmt.Errorf("policy weights %s: %w", weights.JointName, err)
	}
	return builder(net)
}

// JointNode reads the node value trained with the joint network
// (weights/joint-node.kvw); it fits that network's trunk only.
func JointNode() (*value.Model, error) {
	m, err := value.Read(bytes.NewReader(weights.JointNode()))
	if err != nil {
		return nil, fmt.Errorf("node value %s (embedded): %w", weights.JointNodeName, err)
	}
	return m, nil
}
