package main

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/prior"
	"github.com/kakugo/kakugo/value"
)

// valueHeadFlags are train's flags for a value head trained with the
// network (nn.TrainConfig.Value, value.JointHead): the node value of
// kakugo-node, a model of the trunk statistics and the leaf value, whose
// gradient here also trains the trunk.
type valueHeadFlags struct {
	init, out       string
	weight, lrScale float64
}

func (v *valueHeadFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&v.init, "value-head", "", "train a node value with the network, starting from this model of the trunk features (\"node\": the embedded weights/node.kvw); its log-loss, times --value-weight, joins the objective and trains the trunk too")
	fs.StringVar(&v.out, "value-out", "value-head.kvw", "with --value-head: where the head is written, with every save of the weights (KAKUGO_NODE_WEIGHTS for kakugo-node, beside the network of --out)")
	fs.Float64Var(&v.weight, "value-weight", 1, "with --value-head: the weight of its log-loss beside the policy's")
	fs.Float64Var(&v.lrScale, "value-lr-scale", 1, "with --value-head: its learning rate as a multiple of the network's")
}

// setup gives cfg the value head the flags ask for, if any: it refuses the
// value flags without --value-head and --resume with it (a checkpoint does
// not record the head), and writes the head with every save.
func (v *valueHeadFlags) setup(fs *pflag.FlagSet, cfg *nn.TrainConfig, resume bool, stdout io.Writer) error {
	if v.init == "" {
		if fs.Changed("value-out") || fs.Changed("value-weight") || fs.Changed("value-lr-scale") {
			return fmt.Errorf("--value-out, --value-weight and --value-lr-scale need --value-head")
		}
		return nil
	}
	if resume {
		return fmt.Errorf("--value-head cannot --resume: a checkpoint does not record the head (start again from the weights with --init and the head with --value-head)")
	}
	if !(v.weight > 0 && v.weight <= 100) || !(v.lrScale > 0 && v.lrScale <= 100) {
		return fmt.Errorf("--value-weight and --value-lr-scale must be within (0, 100]")
	}
	var init *value.Model
	var err error
	if v.init == "node" {
		init, err = prior.DefaultNode()
	} else {
		init, err = value.Load(v.init)
	}
	if err != nil {
		return err
	}
	leaf, err := value.Default()
	if err != nil {
		return err
	}
	head, err := value.NewJointHead(init, leaf, cfg.Threads)
	if err != nil {
		return err
	}
	head.LRScale = v.lrScale
	cfg.Value, cfg.ValueWeight = head, v.weight
	cfg.AfterSave = func() error { return writeValueHead(v.out, head.Model()) }
	fmt.Fprintf(stdout, "train: value head from %s, weight %g, learning rate x%g, written to %s\n", v.init, v.weight, v.lrScale, v.out)
	return nil
}

// writeValueHead writes m to path through a temporary file and a rename.
func writeValueHead(path string, m *value.Model) error {
	return nn.WriteFileAtomic(path, func(w io.Writer) error { return value.Write(w, m) })
}
