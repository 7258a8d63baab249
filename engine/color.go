package engine

// Color is the content of a cell: a stone of either player, nothing, or the
// wall that pads the board.
type Color uint8

// Cell contents. Black always moves first.
const (
	Empty Color = 0
	Black Color = 1
	White Color = 2
	Wall  Color = 3
)

// Opp is the other player; it is only meaningful for Black and White.
func (c Color) Opp() Color { return c ^ 3 }

func (c Color) String() string {
	switch c {
	case Empty:
		return "empty"
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "wall"
}
