package value

import (
	"bytes"
	"fmt"
	"os"

	"github.com/kakugo/kakugo/weights"
)

// Default reads the embedded default model (weights/value.kvw).
func Default() (*Model, error) {
	m, err := Read(bytes.NewReader(weights.Value()))
	if err != nil {
		return nil, fmt.Errorf("value weights %s (embedded): %w", weights.ValueName, err)
	}
	return m, nil
}

// Embedded names the value weights built into the binary: "default" (or
// "") the default model (the Codes features with a hidden layer),
// "patterns" the previous default (the Patterns features with a hidden
// layer, weights/value-patterns.kvw), "combos" the one before (a
// logistic model over the Combos features, weights/value-combos.kvw).
func Embedded(name string) (*Model, error) {
	var data []byte
	var file string
	switch name {
	case "", "default":
		return Default()
	case "patterns":
		data, file = weights.ValuePatterns(), weights.ValuePatternsName
	case "combos":
		data, file = weights.ValueCombos(), weights.ValueCombosName
	default:
		return nil, fmt.Errorf("value weights: no embedded model %q (default, patterns or combos)", name)
	}
	m, err := Read(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("value weights %s (embedded): %w", file, err)
	}
	return m, nil
}

// Load reads the model in the file path, or the embedded default when path
// is empty; an error names the file.
func Load(path string) (*Model, error) {
	if path == "" {
		return Default()
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("value weights: %w", err)
	}
	defer f.Close()
	m, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("value weights %s: %w", path, err)
	}
	return m, nil
}
