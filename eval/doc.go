// Package eval is Kakugo's evaluator: the monomial tables, point
// configurations and combo detection of Garcia's "Neural Network Development
// in an Artificial Intelligence Gomoku Program" (2020), chapters 2.2 and 3.
//
// An Evaluator observes an engine.Board (it is an engine.Observer) and keeps,
// incrementally on every Make and Undo:
//
//   - the state of every monomial (five-cell window) as an index into a
//     static state table (StateTable), which gives each colour's score 2^k,
//     alive flag and rank (0-9, Garcia 3.2);
//   - each point's potential v(p) for both colours: the sum of the scores of
//     the monomials that cover it;
//   - each free point's configuration in each direction: a key made of the
//     five cells on each side, looked up in a per-rule LineTable that says what
//     a stone there would make (DirClass: five, straight four, four, open
//     three, ...) and where its follow-ups and defences are;
//   - each free point's Combo for both colours (five, straight four, double
//     four, four-three, double three, four, open three, ...), with black's
//     renju forbidden points marked as such, and per-colour sets of the points
//     that make a five, a four or an open three, for threat-space searches.
//
// Tables are built once per rule on first use and never change afterwards,
// so evaluators for many boards can share them across goroutines. An
// Evaluator itself belongs to one board and is not safe for concurrent use.
package eval
