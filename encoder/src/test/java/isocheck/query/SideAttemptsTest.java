package isocheck.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.IntExpr;
import com.microsoft.z3.IntSort;
import com.microsoft.z3.Status;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A canonical solve whose next attempt ran beside the current one answers what the attempts one
 * after the other answer: the first attempt in the schedule's order that gives an answer, with its
 * model; and it gives back the core it took.
 */
class SideAttemptsTest {

    @AfterEach
    void clear() {
        System.clearProperty("isocheck.sideAttempts");
    }

    /** A satisfiable non-linear query: a few factorisations and sums, enough work for a limit. */
    private static BoolExpr[] query(Context ctx) {
        List<BoolExpr> out = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            IntExpr x = ctx.mkIntConst("x" + i), y = ctx.mkIntConst("y" + i);
            out.add(ctx.mkGt(x, ctx.mkInt(1)));
            out.add(ctx.mkGt(y, x));
            out.add(ctx.mkEq(ctx.mkMul(x, y), ctx.mkInt(391 + 2 * 17 * i)));
        }
        ArithExpr<IntSort> sum = ctx.mkInt(0);
        for (int i = 0; i < 6; i++) sum = ctx.mkAdd(sum, ctx.mkIntConst("x" + i));
        out.add(ctx.mkGt(sum, ctx.mkInt(20)));
        return out.toArray(new BoolExpr[0]);
    }

    private static String solve(RestartSchedule schedule, boolean side) {
        try (Context ctx = new Context()) {
            Cancellation cancel = new Cancellation(side);
            try (ReproducibleCheck.Answer a =
                    ReproducibleCheck.checkWithin(query(ctx), 60_000, cancel, schedule)) {
                if (a.status() != Status.SATISFIABLE) return a.status().toString();
                StringBuilder sb = new StringBuilder("sat");
                var m = a.valuation(ctx);
                for (int i = 0; i < 6; i++)
                    sb.append(' ')
                            .append(m.eval(ctx.mkIntConst("x" + i), true))
                            .append('*')
                            .append(m.eval(ctx.mkIntConst("y" + i), true));
                return sb.toString();
            }
        }
    }

    private static void sameWithAndWithout(RestartSchedule schedule) {
        System.setProperty("isocheck.sideAttempts", "always");
        String alone = solve(schedule, false);
        for (int run = 0; run < 3; run++) {
            assertEquals(alone, solve(schedule, true), "run " + run);
            assertEquals(0, SideAttempts.busy(), "a side attempt kept its core");
        }
    }

    @Test
    void aFirstAttemptCutAtItsLimitLeavesTheAnswerToTheNextOneInOrder() {
        // the kernel alone at one unit per term cannot answer; seed 1 of the full solver then
        // answers, while seed 2 (another model, were it taken) ran beside it
        sameWithAndWithout(
                new RestartSchedule(
                        List.of(
                                new RestartSchedule.Attempt(0, true, 1, 1),
                                new RestartSchedule.Attempt(1, false, 0, 0),
                                new RestartSchedule.Attempt(2, false, 0, 0))));
    }

    @Test
    void aFirstAttemptThatAnswersIsTheAnswerAndItsSideAttemptIsAbandoned() {
        sameWithAndWithout(
                new RestartSchedule(
                        List.of(
                                new RestartSchedule.Attempt(3, false, 1_000_000, 1_000_000),
                                new RestartSchedule.Attempt(0, true, 0, 0))));
    }
}
