// Package selfplay plays the full player against itself and writes each
// game as a JSON line in the shared Gomocup archive's format, with the
// search's visit counts at every searched move: training records for the
// policy network (nn reads them as it reads tournament games). With a
// playout limit and one thread the same seed gives the same games on every
// machine.
package selfplay
