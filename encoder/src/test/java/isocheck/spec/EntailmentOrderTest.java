package isocheck.spec;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static isocheck.spec.EntailmentOrder.Verdict.DOES_NOT_ENTAIL;
import static isocheck.spec.EntailmentOrder.Verdict.ENTAILS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EntailmentOrderTest {
    private static SpecLibrary lib;
    private static EntailmentOrder bounded;

    @BeforeAll
    static void compute() throws Exception {
        lib = SpecLibrary.builtin();
        bounded = EntailmentOrder.compute(lib.specs());
        System.out.println(bounded.render());
        System.out.println(bounded.renderCounterexamples());
    }

    @Test
    void printsSomething() {
        assertTrue(bounded.render().contains("ec"));
    }
}
