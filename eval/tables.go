package eval

import (
	"sync"

	"github.com/kakugo/kakugo/engine"
)

// Tables are the static tables of one rule: the monomial state table and
// each colour's line table. They are built on first use and shared,
// read-only, by every evaluator of that rule.
type Tables struct {
	rule   engine.Rule
	states *StateTable
	lines  [2]*LineTable // by colour: Black, White
	sides  *sideCodes
}

// Rule is the rule the tables were built for.
func (t *Tables) Rule() engine.Rule { return t.rule }

// States is the monomial state table.
func (t *Tables) States() *StateTable { return t.states }

// Line is colour c's line table.
func (t *Tables) Line(c engine.Color) *LineTable { return t.lines[c-1] }

// SideIndex maps a raw side (five cells, two bits each in engine.Color
// values, nearest the point first) to its canonical index for colour c.
func (t *Tables) SideIndex(c engine.Color, raw uint32) int {
	return int(t.sides.index[c-1][raw&sideMask])
}

// LineEntry is colour c's entry for a point whose direction key is key (the
// left side in the low ten bits, the right side above it).
func (t *Tables) LineEntry(c engine.Color, key uint32) LineEntry {
	return t.lines[c-1].entries[t.entryIndex(c, key)]
}

// entryIndex is the line table index of a key for colour c.
func (t *Tables) entryIndex(c engine.Color, key uint32) uint16 {
	ix := &t.sides.index[c-1]
	return uint16(ix[key&sideMask])*SideCount + uint16(ix[key>>(2*SideLen)&sideMask])
}

// The builders run once each, on first use: the freestyle line table
// serves freestyle and renju white, and no table is built for a rule that
// is never played. sync.OnceValue makes the first use safe from any
// goroutine; the values never change afterwards.
var (
	sharedSides = sync.OnceValue(buildSideCodes)
	sharedNext  = sync.OnceValue(buildStateNext)
	sharedCombo = sync.OnceValue(buildComboTable)
	lineTables  = [...]func() *LineTable{
		sync.OnceValue(func() *LineTable { return buildLineTable(lineRule{}, sharedSides()) }),
		sync.OnceValue(func() *LineTable { return buildLineTable(lineRule{exact: true}, sharedSides()) }),
		sync.OnceValue(func() *LineTable { return buildLineTable(lineRule{exact: true, renju: true}, sharedSides()) }),
		sync.OnceValue(func() *LineTable { return buildLineTable(lineRule{caro: true}, sharedSides()) }),
		sync.OnceValue(func() *LineTable { return buildLineTable(lineRule{exact: true, caro: true}, sharedSides()) }),
	}
	ruleTables = [...]func() *Tables{
		sync.OnceValue(func() *Tables { return buildTables(engine.Freestyle) }),
		sync.OnceValue(func() *Tables { return buildTables(engine.Exact) }),
		sync.OnceValue(func() *Tables { return buildTables(engine.Renju) }),
		sync.OnceValue(func() *Tables { return buildTables(engine.Caro) }),
		sync.OnceValue(func() *Tables { return buildTables(engine.CaroExact) }),
	}
)

// lineTableFor picks the shared line table of a line rule.
func lineTableFor(lr lineRule) *LineTable {
	switch lr {
	case lineRule{exact: true}:
		return lineTables[1]()
	case lineRule{exact: true, renju: true}:
		return lineTables[2]()
	case lineRule{caro: true}:
		return lineTables[3]()
	case lineRule{exact: true, caro: true}:
		return lineTables[4]()
	}
	return lineTables[0]()
}

func buildTables(r engine.Rule) *Tables {
	return &Tables{
		rule:   r,
		states: buildStateTable(r, sharedNext()),
		lines: [2]*LineTable{
			lineTableFor(lineRuleFor(r, engine.Black)),
			lineTableFor(lineRuleFor(r, engine.White)),
		},
		sides: sharedSides(),
	}
}

// TablesFor returns the tables of rule r, building them on first use.
func TablesFor(r engine.Rule) *Tables {
	if int(r) >= len(ruleTables) {
		r = engine.Freestyle
	}
	return ruleTables[r]()
}
