package engine

// zobrist holds one random key per colour and cell, indexed by y*MaxSize+x so
// that the keys of a cell do not depend on the board's padded layout, and
// zobristWhite is hashed in while white is to move. They are filled once at
// start-up by a fixed generator and never written again.
var zobrist, zobristWhite = makeZobrist()

func makeZobrist() (z [2][MaxSize * MaxSize]uint64, side uint64) {
	s := uint64(0x6b616b75676f) // "kakugo": a fixed seed keeps hashes reproducible
	next := func() uint64 {     // splitmix64
		s += 0x9e3779b97f4a7c15
		v := s
		v = (v ^ v>>30) * 0xbf58476d1ce4e5b9
		v = (v ^ v>>27) * 0x94d049bb133111eb
		return v ^ v>>31
	}
	for c := range z {
		for i := range z[c] {
			z[c][i] = next()
		}
	}
	return z, next()
}
