package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/policydata"
	"github.com/kakugo/kakugo/prior"
)

// cmdExportPolicy writes the training positions for the GPU trainer
// (tools/gpu/train_policy.py), with the same records and split as train.
func cmdExportPolicy(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("export-policy", "usage: pbrain-kakugo export-policy [flags] --out FILE\n\nWrites the training and held-out positions of game records, with the\ninput planes nn computes, for the PyTorch trainer in tools/gpu (format:\npackage policydata). The split is train's (--seed, --test-frac).\n\nflags:", stderr)
	rf := recordFlags(fs)
	out := fs.String("out", "", "positions file to write (gzip'd)")
	weightsPath := fs.String("weights", "", "reference network for --probes and --raw (default: the embedded weights)")
	probes := fs.Int("probes", 64, "held-out positions whose reference logits go into the file, for the trainer's parity check")
	rawOut := fs.String("raw", "", "also write the reference network as a raw weight file here")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if *out == "" {
		fmt.Fprintln(stderr, "export-policy: --out is required")
		return 2
	}
	net, err := prior.LoadNet(*weightsPath)
	if err != nil {
		fmt.Fprintf(stderr, "export-policy: weights %q: %v\n", *weightsPath, err)
		return 1
	}
	start := time.Now()
	games, err := rf.Load()
	if err != nil {
		fmt.Fprintln(stderr, "export-policy:", err)
		return 1
	}
	train, test := rf.Split(games)
	err = writeFile(*out, func(w io.Writer) error {
		st, err := policydata.Write(w, policydata.Source{Train: train, Test: test, Features: net.NewFeatures, Net: net, Probes: *probes})
		if err == nil {
			fmt.Fprintf(stdout, "export-policy: %s: %d games, %d training and %d held-out positions, %d entries, %d derived values (not stored), %d skipped (illegal moves), %v\n",
				*out, st.Games, st.TrainPositions, st.TestPositions, st.Entries, st.Derived, st.Skipped, time.Since(start).Round(time.Millisecond))
		}
		return err
	})
	if err == nil && *rawOut != "" {
		err = writeFile(*rawOut, func(w io.Writer) error {
			return policydata.WriteRaw(w, net, "exported from "+nameOrEmbedded(*weightsPath))
		})
	}
	if err != nil {
		fmt.Fprintln(stderr, "export-policy:", err)
		return 1
	}
	return 0
}

// cmdImportPolicy converts a raw weight file (the GPU trainer's output)
// into the weight format, checked by loading it back.
func cmdImportPolicy(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("import-policy", "usage: pbrain-kakugo import-policy RAW --out FILE.kkw\n\nConverts raw float32 weights (tools/gpu/train_policy.py's output) into\nthe compressed weight format, and checks the result by loading it.\n\nflags:", stderr)
	out := fs.String("out", "", "weight file to write")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if fs.NArg() != 1 || *out == "" {
		fmt.Fprintln(stderr, "usage: pbrain-kakugo import-policy RAW --out FILE.kkw")
		return 2
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "import-policy:", err)
		return 1
	}
	net, note, err := policydata.ReadRaw(bufio.NewReader(f))
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "import-policy: %s: %v\n", fs.Arg(0), err)
		return 1
	}
	if err := writeFile(*out, net.Save); err != nil {
		fmt.Fprintln(stderr, "import-policy:", err)
		return 1
	}
	back, err := prior.LoadNet(*out)
	if err == nil && !sameTensors(net, back) {
		err = fmt.Errorf("%s does not load back to the same tensors", *out)
	}
	if err != nil {
		fmt.Fprintln(stderr, "import-policy:", err)
		return 1
	}
	fmt.Fprintf(stdout, "import-policy: %s: %v, %d parameters (%s)\n", *out, net.Arch(), net.NumParams(), strings.TrimSpace(note))
	return 0
}

// sameTensors reports whether a and b hold the same tensors bit for bit.
func sameTensors(a, b *nn.Net) bool {
	ta, tb := a.Tensors(), b.Tensors()
	if a.Arch() != b.Arch() || len(ta) != len(tb) {
		return false
	}
	for i := range ta {
		if ta[i].Name != tb[i].Name || len(ta[i].Data) != len(tb[i].Data) {
			return false
		}
		for j, v := range ta[i].Data {
			if v != tb[i].Data[j] {
				return false
			}
		}
	}
	return true
}

func nameOrEmbedded(path string) string {
	if path == "" {
		return "the embedded weights"
	}
	return path
}

// writeFile writes path through write, removing a partial file on error.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}
