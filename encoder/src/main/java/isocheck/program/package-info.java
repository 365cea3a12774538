/**
 * The immutable program IR (Nagar & Jagannathan, CONCUR 2018, §3.1): schema, tables, transaction
 * programs as sealed statement, expression and condition types, and the facts derived per statement
 * (fields read and written, existence reads). It depends on nothing else in isocheck and on no
 * library: the front-end builds it, everything else reads it.
 */
package isocheck.program;
