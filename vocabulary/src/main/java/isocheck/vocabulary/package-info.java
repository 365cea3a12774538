/**
 * The words the static and dynamic halves share, so that a cycle has one name everywhere: the edge
 * kinds of a dependency cycle, the cycle classifier (Adya's phenomenon, the common anomaly name,
 * Coo's class), and the correspondence between the static specs and the checker's levels. It
 * depends on nothing (not even on the encoder or the checker, which both depend on it); add here
 * only what both halves must agree on.
 */
package isocheck.vocabulary;
