package value

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"github.com/kakugo/kakugo/engine"
)

// The weight file (version 1 for a logistic model, 2 for one with hidden
// units), all integers little-endian:
//
//	8 bytes  magic "KKGOVAL\n"
//	uint32   format version (1 or 2)
//	uint16   feature set (FeatureSet)
//	uint16   features per rule (the set's Len)
//	uint16   version 2 only: hidden units (1 to MaxHidden)
//	uint8    number of entries
//	per entry, in increasing order of rule, then size: uint8 rule
//	         (engine.Rule), uint8 board size (5-32), then the model's
//	         ParamLen float32 parameters (the features' weights, then
//	         for version 2 the hidden layer's, NewNetModel)
//	uint32   CRC-32C (Castagnoli) of every byte before it
//
// A logistic model's file is a few hundred bytes, one with a hidden layer
// tens of kilobytes; the reader reads at most maxFileBytes.
const (
	magic        = "KKGOVAL\n"
	version      = 1
	versionNet   = 2
	maxFileBytes = 1 << 20
)

// The loader's errors, wrapped with details; test them with errors.Is.
var (
	ErrBadMagic  = errors.New("not a value weight file (bad magic)")
	ErrVersion   = errors.New("unsupported value weight file version")
	ErrChecksum  = errors.New("value weight file checksum mismatch")
	ErrTruncated = errors.New("value weight file truncated")
	ErrFormat    = errors.New("malformed value weight file")
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Write writes m in the weight file format.
func Write(w io.Writer, m *Model) error {
	var buf bytes.Buffer
	buf.WriteString(magic)
	le := binary.LittleEndian
	if m.hidden > 0 {
		buf.Write(le.AppendUint32(nil, versionNet))
	} else {
		buf.Write(le.AppendUint32(nil, version))
	}
	buf.Write(le.AppendUint16(nil, uint16(m.set)))
	buf.Write(le.AppendUint16(nil, uint16(m.set.Len())))
	if m.hidden > 0 {
		buf.Write(le.AppendUint16(nil, uint16(m.hidden)))
	}
	keys := m.Keys()
	if len(keys) > 255 {
		return fmt.Errorf("value: %d weight vectors, at most 255 fit the format", len(keys))
	}
	buf.WriteByte(byte(len(keys)))
	for _, k := range keys {
		buf.WriteByte(byte(k.Rule))
		buf.WriteByte(byte(k.Size))
		for _, x := range m.w[k] {
			buf.Write(le.AppendUint32(nil, math.Float32bits(x)))
		}
	}
	buf.Write(le.AppendUint32(nil, crc32.Checksum(buf.Bytes(), castagnoli)))
	_, err := w.Write(buf.Bytes())
	return err
}

// Read reads a model written by Write. It never panics: a file that is not
// one, of another version, cut short, corrupted, with an unknown feature
// set or rule, a weight that is not finite, or bytes after the checksum is
// an error wrapping one of the Err values.
func Read(r io.Reader) (*Model, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileBytes {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrFormat, maxFileBytes)
	}
	if len(data) < len(magic) || string(data[:len(magic)]) != magic {
		if len(data) < len(magic) && string(data) == magic[:len(data)] {
			return nil, ErrTruncated
		}
		return nil, ErrBadMagic
	}
	d := decoder{b: data[len(magic):]}
	v := d.u32()
	if d.short {
		return nil, ErrTruncated
	} else if v != version && v != versionNet {
		return nil, fmt.Errorf("%w: %d (this build reads %d and %d)", ErrVersion, v, version, versionNet)
	}
	set := FeatureSet(d.u16())
	n := int(d.u16())
	hidden := 0
	if v == versionNet {
		hidden = int(d.u16())
	}
	rules := int(d.u8())
	if d.short {
		return nil, ErrTruncated
	}
	if set.Len() == 0 {
		return nil, fmt.Errorf("%w: unknown feature set %d", ErrFormat, uint16(set))
	}
	if n != set.Len() {
		return nil, fmt.Errorf("%w: %d features, the set %s has %d", ErrFormat, n, set, set.Len())
	}
	if v == versionNet && (hidden < 1 || hidden > MaxHidden) {
		return nil, fmt.Errorf("%w: %d hidden units (1 to %d)", ErrFormat, hidden, MaxHidden)
	}
	m := NewNetModel(set, hidden)
	prev := -1
	for range rules {
		rule := d.u8()
		size := d.u8()
		if d.short {
			return nil, ErrTruncated
		}
		w := make([]float32, m.ParamLen())
		for i := range w {
			w[i] = math.Float32frombits(d.u32())
		}
		if d.short {
			return nil, ErrTruncated
		}
		if int(rule) >= len(engine.Rules) {
			return nil, fmt.Errorf("%w: unknown rule %d", ErrFormat, rule)
		}
		k := Key{engine.Rule(rule), int(size)}
		if !k.valid() {
			return nil, fmt.Errorf("%w: board size %d (5 to 32)", ErrFormat, size)
		}
		if order := int(rule)<<8 | int(size); order <= prev {
			return nil, fmt.Errorf("%w: %s %d out of order (the entries come once each, by rule, then size)", ErrFormat, k.Rule, k.Size)
		}
		prev = int(rule)<<8 | int(size)
		for _, x := range w {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return nil, fmt.Errorf("%w: a weight of %s %d is not finite", ErrFormat, k.Rule, k.Size)
			}
		}
		m.w[k] = w
	}
	m.repick()
	body := len(data) - len(d.b)
	sum := d.u32()
	if d.short {
		return nil, ErrTruncated
	}
	if got := crc32.Checksum(data[:body], castagnoli); got != sum {
		return nil, fmt.Errorf("%w: %08x, the file says %08x", ErrChecksum, got, sum)
	}
	if len(d.b) > 0 {
		return nil, fmt.Errorf("%w: %d bytes after the checksum", ErrFormat, len(d.b))
	}
	return m, nil
}

// decoder reads little-endian fields; past the end it reads zeros and
// sets short.
type decoder struct {
	b     []byte
	short bool
}

func (d *decoder) take(n int) []byte {
	if len(d.b) < n {
		d.short = true
		d.b = nil
		return make([]byte, n)
	}
	v := d.b[:n]
	d.b = d.b[n:]
	return v
}

func (d *decoder) u8() uint8   { return d.take(1)[0] }
func (d *decoder) u16() uint16 { return binary.LittleEndian.Uint16(d.take(2)) }
func (d *decoder) u32() uint32 { return binary.LittleEndian.Uint32(d.take(4)) }
