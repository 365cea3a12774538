/**
 * The history model: sessions of committed and aborted transactions of reads and writes of keys
 * with values, an optional initial transaction and optional real-time stamps, stored in primitive
 * arrays with interned keys; and the builder that readers, tests and recorders use.
 */
package isocheck.history;
