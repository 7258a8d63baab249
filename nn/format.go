package nn

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"github.com/klauspost/compress/zstd"
)

// The weight file (weights/README.md has the full description):
//
//	magic    8 bytes  "KKGONN\r\n" (a checkpoint: "KKGOCK\r\n")
//	version  uint32   little-endian, FormatVersion
//	payload  one zstd frame, which decompresses to:
//	  features  uint16 length + name bytes
//	  arch      6 x uint32: planes, channels, blocks, stem, block and head kernel
//	  count     uint32 number of tensors
//	  tensors   each: uint16 length + name, uint8 rank, rank x uint32 dims,
//	            then the float32 values, little-endian
//	  extra     (checkpoints only) uint64 Adam step
//	  crc       uint32 CRC-32C of every payload byte before it
//
// The stem, block and head tensors come in the order of the layers, each
// convolution's weights (shape out, in, k, k) before its bias (shape out).

// FormatVersion is the version of the weight format this package writes and
// reads.
const FormatVersion = 1

var (
	weightsMagic    = [8]byte{'K', 'K', 'G', 'O', 'N', 'N', '\r', '\n'}
	checkpointMagic = [8]byte{'K', 'K', 'G', 'O', 'C', 'K', '\r', '\n'}
	crcTable        = crc32.MakeTable(crc32.Castagnoli)
)

// Errors a loader returns, wrapped with details; test them with errors.Is.
var (
	ErrBadMagic  = errors.New("nn: not a Kakugo weights file (bad magic)")
	ErrVersion   = errors.New("nn: unsupported weights format version")
	ErrChecksum  = errors.New("nn: weights checksum mismatch (corrupt file)")
	ErrTruncated = errors.New("nn: weights file is truncated")
	ErrShape     = errors.New("nn: weights do not match their architecture")
)

// maxFileBytes bounds what a loader reads and decompresses: far above any
// real network (a few hundred kilobytes) and far below what would hurt.
const maxFileBytes = 64 << 20

// Save writes n in the compressed weight format.
func (n *Net) Save(w io.Writer) error {
	return writeContainer(w, weightsMagic, n.encodePayload(nil))
}

// Load reads a network in the weight format from r. Every failure is an
// error (wrapping one of ErrBadMagic, ErrVersion, ErrChecksum, ErrTruncated
// or ErrShape where one applies), never a panic, so a caller can report it
// and play on without the prior.
func Load(r io.Reader) (*Net, error) {
	payload, err := readContainer(r, weightsMagic)
	if err != nil {
		return nil, err
	}
	d := decoder{buf: payload}
	n, err := d.net()
	if err != nil {
		return nil, err
	}
	if len(d.buf) != 0 {
		return nil, fmt.Errorf("%w: %d unexpected bytes after the tensors", ErrShape, len(d.buf))
	}
	return n, nil
}

// LoadBytes is Load from a byte slice, such as the embedded default weights.
func LoadBytes(data []byte) (*Net, error) { return Load(bytes.NewReader(data)) }

// writeContainer compresses payload, appends its checksum, and writes the
// magic, the version and the frame.
func writeContainer(w io.Writer, magic [8]byte, payload []byte) error {
	payload = binary.LittleEndian.AppendUint32(payload, crc32.Checksum(payload, crcTable))
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return err
	}
	defer enc.Close()
	out := append(magic[:], 0, 0, 0, 0)
	binary.LittleEndian.PutUint32(out[8:], FormatVersion)
	out = enc.EncodeAll(payload, out)
	_, err = w.Write(out)
	return err
}

// readContainer checks the magic and version, decompresses the frame and
// verifies the checksum, returning the payload without it.
func readContainer(r io.Reader, magic [8]byte) ([]byte, error) {
	raw, err := io.ReadAll(io.LimitReader(r, maxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("nn: reading weights: %w", err)
	}
	if len(raw) > maxFileBytes {
		return nil, fmt.Errorf("nn: weights file larger than %d bytes", maxFileBytes)
	}
	if len(raw) < 12 {
		if len(raw) < 8 && bytes.HasPrefix(magic[:], raw) {
			return nil, fmt.Errorf("%w: %d bytes", ErrTruncated, len(raw))
		}
		if len(raw) < 8 || !bytes.Equal(raw[:8], magic[:]) {
			return nil, ErrBadMagic
		}
		return nil, fmt.Errorf("%w: %d bytes", ErrTruncated, len(raw))
	}
	if !bytes.Equal(raw[:8], magic[:]) {
		return nil, ErrBadMagic
	}
	if v := binary.LittleEndian.Uint32(raw[8:]); v != FormatVersion {
		return nil, fmt.Errorf("%w %d (this build reads %d)", ErrVersion, v, FormatVersion)
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderMaxMemory(maxFileBytes), zstd.WithDecoderMaxWindow(maxFileBytes))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	payload, err := dec.DecodeAll(raw[12:], nil)
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("%w: %v", ErrTruncated, err)
		}
		return nil, fmt.Errorf("%w: decompressing: %v", ErrChecksum, err)
	}
	if len(payload) < 4 {
		return nil, fmt.Errorf("%w: payload of %d bytes", ErrTruncated, len(payload))
	}
	body, sum := payload[:len(payload)-4], binary.LittleEndian.Uint32(payload[len(payload)-4:])
	if crc32.Checksum(body, crcTable) != sum {
		return nil, ErrChecksum
	}
	return body, nil
}

// encodePayload appends the architecture and tensors of n to dst.
func (n *Net) encodePayload(dst []byte) []byte {
	a := n.arch
	dst = binary.LittleEndian.AppendUint16(dst, uint16(len(a.Features)))
	dst = append(dst, a.Features...)
	for _, v := range []int{a.Planes, a.Channels, a.Blocks, a.StemKernel, a.BlockKernel, a.HeadKernel} {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(v))
	}
	dst = binary.LittleEndian.AppendUint32(dst, uint32(2*len(n.layers)))
	for _, l := range n.layers {
		dst = appendTensor(dst, l.name+".w", []int{l.cout, l.cin, l.k, l.k}, l.w)
		dst = appendTensor(dst, l.name+".b", []int{l.cout}, l.b)
	}
	return dst
}

func appendTensor(dst []byte, name string, dims []int, data []float32) []byte {
	dst = binary.LittleEndian.AppendUint16(dst, uint16(len(name)))
	dst = append(dst, name...)
	dst = append(dst, byte(len(dims)))
	for _, d := range dims {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(d))
	}
	for _, v := range data {
		dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(v))
	}
	return dst
}

// decoder reads a payload front to back.
type decoder struct{ buf []byte }

func (d *decoder) take(k int) ([]byte, error) {
	if k > len(d.buf) {
		return nil, ErrTruncated
	}
	b := d.buf[:k]
	d.buf = d.buf[k:]
	return b, nil
}

func (d *decoder) u32() (uint32, error) {
	b, err := d.take(4)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(b), nil
}

func (d *decoder) name() (string, error) {
	b, err := d.take(2)
	if err != nil {
		return "", err
	}
	s, err := d.take(int(binary.LittleEndian.Uint16(b)))
	return string(s), err
}

// net reads the architecture and the tensors it implies.
func (d *decoder) net() (*Net, error) {
	var a Arch
	var err error
	if a.Features, err = d.name(); err != nil {
		return nil, err
	}
	var v [6]uint32
	for i := range v {
		if v[i], err = d.u32(); err != nil {
			return nil, err
		}
		if v[i] > 1<<16 {
			return nil, fmt.Errorf("%w: architecture field %d is %d", ErrShape, i, v[i])
		}
	}
	a.Planes, a.Channels, a.Blocks = int(v[0]), int(v[1]), int(v[2])
	a.StemKernel, a.BlockKernel, a.HeadKernel = int(v[3]), int(v[4]), int(v[5])
	if err := a.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrShape, err)
	}
	n := newNet(a)
	count, err := d.u32()
	if err != nil {
		return nil, err
	}
	if int(count) != 2*len(n.layers) {
		return nil, fmt.Errorf("%w: %d tensors, want %d for %v", ErrShape, count, 2*len(n.layers), a)
	}
	for _, l := range n.layers {
		if err := d.tensor(l.name+".w", []int{l.cout, l.cin, l.k, l.k}, l.w); err != nil {
			return nil, err
		}
		if err := d.tensor(l.name+".b", []int{l.cout}, l.b); err != nil {
			return nil, err
		}
	}
	return n, nil
}

// tensor reads one tensor into dst after checking its name and shape.
func (d *decoder) tensor(name string, dims []int, dst []float32) error {
	got, err := d.name()
	if err != nil {
		return err
	}
	if got != name {
		return fmt.Errorf("%w: tensor %q where %q belongs", ErrShape, got, name)
	}
	rank, err := d.take(1)
	if err != nil {
		return err
	}
	if int(rank[0]) != len(dims) {
		return fmt.Errorf("%w: tensor %s has rank %d, want %d", ErrShape, name, rank[0], len(dims))
	}
	for i, want := range dims {
		v, err := d.u32()
		if err != nil {
			return err
		}
		if int(v) != want {
			return fmt.Errorf("%w: tensor %s dimension %d is %d, want %d", ErrShape, name, i, v, want)
		}
	}
	b, err := d.take(4 * len(dst))
	if err != nil {
		return err
	}
	for i := range dst {
		f := math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return fmt.Errorf("%w: tensor %s holds %v", ErrShape, name, f)
		}
		dst[i] = f
	}
	return nil
}
