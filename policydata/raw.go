package policydata

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/kakugo/kakugo/nn"
)

// The raw weight file is what the PyTorch trainer (tools/gpu) reads and
// writes, since Python has no zstd in its standard library:
//
//	magic     8 bytes "KKGORAW\n"
//	length    uint32, the manifest's bytes
//	manifest  JSON: {"arch": {features, planes, channels, blocks,
//	          stem_kernel, block_kernel, head_kernel}, "tensors": [{"name",
//	          "shape"}...], "note": free text}
//	data      every tensor's float32 values, little-endian, in manifest
//	          order (the weight format's), nothing after them
//
// A raw file carries no checksum; the import into the weight format
// (nn.FromTensors) checks every name, shape and value.

var rawMagic = [8]byte{'K', 'K', 'G', 'O', 'R', 'A', 'W', '\n'}

// maxRawBytes bounds what ReadRaw reads: far above any network nn accepts.
const maxRawBytes = 64 << 20

// ErrRaw is wrapped by every error of ReadRaw about the file's content.
var ErrRaw = errors.New("policydata: bad raw weight file")

type rawArch struct {
	Features    string `json:"features"`
	Planes      int    `json:"planes"`
	Channels    int    `json:"channels"`
	Blocks      int    `json:"blocks"`
	StemKernel  int    `json:"stem_kernel"`
	BlockKernel int    `json:"block_kernel"`
	HeadKernel  int    `json:"head_kernel"`
}

type rawTensor struct {
	Name  string `json:"name"`
	Shape []int  `json:"shape"`
}

type rawManifest struct {
	Arch    rawArch     `json:"arch"`
	Tensors []rawTensor `json:"tensors"`
	Note    string      `json:"note,omitempty"`
}

// WriteRaw writes net as a raw weight file with a free-text note.
func WriteRaw(w io.Writer, net *nn.Net, note string) error {
	a := net.Arch()
	m := rawManifest{Arch: rawArch{a.Features, a.Planes, a.Channels, a.Blocks, a.StemKernel, a.BlockKernel, a.HeadKernel}, Note: note}
	ts := net.Tensors()
	for _, t := range ts {
		m.Tensors = append(m.Tensors, rawTensor{t.Name, t.Dims})
	}
	js, err := json.Marshal(m)
	if err != nil {
		return err
	}
	out := append(rawMagic[:], 0, 0, 0, 0)
	binary.LittleEndian.PutUint32(out[8:], uint32(len(js)))
	out = append(out, js...)
	for _, t := range ts {
		for _, v := range t.Data {
			out = binary.LittleEndian.AppendUint32(out, math.Float32bits(v))
		}
	}
	_, err = w.Write(out)
	return err
}

// ReadRaw reads a raw weight file and builds the network with
// nn.FromTensors, whose checks it passes on. It returns the manifest's
// note too. Every failure is an error, never a panic.
func ReadRaw(r io.Reader) (*nn.Net, string, error) {
	raw, err := io.ReadAll(io.LimitReader(r, maxRawBytes+1))
	if err != nil {
		return nil, "", err
	}
	if len(raw) > maxRawBytes {
		return nil, "", fmt.Errorf("%w: larger than %d bytes", ErrRaw, maxRawBytes)
	}
	if len(raw) < 12 || !bytes.Equal(raw[:8], rawMagic[:]) {
		return nil, "", fmt.Errorf("%w: no KKGORAW magic", ErrRaw)
	}
	n := uint64(binary.LittleEndian.Uint32(raw[8:]))
	if n > uint64(len(raw)-12) {
		return nil, "", fmt.Errorf("%w: manifest of %d bytes in a file of %d", ErrRaw, n, len(raw))
	}
	var m rawManifest
	if err := json.Unmarshal(raw[12:12+n], &m); err != nil {
		return nil, "", fmt.Errorf("%w: manifest: %v", ErrRaw, err)
	}
	data := raw[12+n:]
	var ts []nn.Tensor
	for _, t := range m.Tensors {
		size := 1
		for _, d := range t.Shape {
			if d < 0 || d > len(data) {
				return nil, "", fmt.Errorf("%w: tensor %s of shape %v", ErrRaw, t.Name, t.Shape)
			}
			if size *= d; size > len(data)/4 {
				return nil, "", fmt.Errorf("%w: tensor %s of shape %v overruns the data", ErrRaw, t.Name, t.Shape)
			}
		}
		if 4*size > len(data) {
			return nil, "", fmt.Errorf("%w: tensor %s of shape %v overruns the data", ErrRaw, t.Name, t.Shape)
		}
		vals := make([]float32, size)
		for i := range vals {
			vals[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:]))
		}
		data = data[4*size:]
		ts = append(ts, nn.Tensor{Name: t.Name, Dims: t.Shape, Data: vals})
	}
	if len(data) != 0 {
		return nil, "", fmt.Errorf("%w: %d bytes after the tensors", ErrRaw, len(data))
	}
	a := m.Arch
	net, err := nn.FromTensors(nn.Arch{Features: a.Features, Planes: a.Planes, Channels: a.Channels, Blocks: a.Blocks,
		StemKernel: a.StemKernel, BlockKernel: a.BlockKernel, HeadKernel: a.HeadKernel}, ts)
	if err != nil {
		return nil, "", err
	}
	return net, m.Note, nil
}
