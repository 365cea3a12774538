/**
 * The isolation catalogue ({@code isocheck catalogue}): one schedule per anomaly kind over a tiny
 * program (resources {@code isocheck/catalogue/}), run on every database at every level it offers,
 * each recorded history checked at every checker level, and the table of which level admits which
 * anomaly, compared cell by cell with Hermitage's published tables. Every database interaction is
 * in {@link isocheck.catalogue.CatalogueDatabase}; this package may import {@code run}, {@code
 * frontend}, {@code program}, {@code history}, {@code level} and {@code anomaly}.
 */
package isocheck.catalogue;
