package isocheck.run;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A case of a database contract ({@link Contract}): {@link DatabaseContractTest} generates it for
 * every {@link Database} that offers all the isolation levels it runs at, and for no other (a case
 * that does not apply is not generated, so it is neither passed nor skipped).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface Case {
    /** The levels the case runs at. */
    Isolation[] value();
}
