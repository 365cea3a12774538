/**
 * Unboxed growable arrays and hash maps that let histories of millions of operations stay compact.
 */
package isocheck.primitive;
