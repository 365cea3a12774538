/**
 * Witnesses of violations: bad reads and cycles with so / wr / inferred co edges and their
 * AWDIT-style justifications, anomaly names (Plume TAPs, Adya G1a/G1b/G1c), rendered as text, JSON
 * and DOT. Witnesses are self-contained snapshots: rendering needs no history.
 */
package isocheck.anomaly;
