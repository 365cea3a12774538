package isocheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Transaction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The BenchBase transcriptions (benchmarks/programs/benchbase/, issue 13 §3) parse to one
 * transaction type per procedure class, are trivially proved under ser, and SmallBank has the
 * anomaly Alomari, Cahill, Fekete and Röhm (ICDE 2008) give it under SI: Balance, WriteCheck and
 * TransactSavings form a cycle (Balance -rw-> WriteCheck -rw-> TransactSavings -wr-> Balance),
 * which promoting WriteCheck's read of savings to a write removes. That each file loads into
 * PostgreSQL unchanged and every function runs there: {@code isocheck.run.BenchbasePostgresTest}.
 */
class BenchbaseProgramsTest {

    static final Path DIR =
            Path.of("").toAbsolutePath().getParent().resolve("benchmarks/programs/benchbase");

    @Test
    void eachFileParsesToOneTransactionTypePerProcedure() throws Exception {
        assertEquals(
                List.of(
                        "amalgamate",
                        "balance",
                        "deposit_checking",
                        "send_payment",
                        "transact_savings",
                        "write_check"),
                names("smallbank.sql"));
        assertEquals(
                List.of("new_order", "payment", "order_status", "delivery", "stock_level"),
                names("tpcc.sql"));
        assertEquals(List.of("vote"), names("voter.sql"));
        assertEquals(
                List.of(
                        "delete_call_forwarding",
                        "get_access_data",
                        "get_new_destination",
                        "get_subscriber_data",
                        "insert_call_forwarding",
                        "update_location",
                        "update_subscriber_data"),
                names("tatp.sql"));
        assertEquals(
                List.of(
                        "get_average_rating_by_trusted_user",
                        "get_item_average_rating",
                        "get_item_reviews_by_trusted_user",
                        "get_review_item_by_id",
                        "get_reviews_by_user",
                        "update_item_title",
                        "update_review_rating",
                        "update_trust_rating",
                        "update_user_name"),
                names("epinions.sql"));
        assertEquals(
                List.of(
                        "add_watch_list",
                        "get_page_anonymous",
                        "get_page_authenticated",
                        "remove_watch_list",
                        "update_page"),
                names("wikipedia.sql"));
        assertEquals(
                List.of(
                        "delete_reservation",
                        "find_flights",
                        "find_open_seats",
                        "new_reservation",
                        "update_customer",
                        "update_reservation"),
                names("seats.sql"));
        assertEquals(
                List.of(
                        "close_auctions",
                        "get_item",
                        "get_user_info",
                        "new_bid",
                        "new_comment",
                        "new_comment_response",
                        "new_feedback",
                        "new_item",
                        "new_purchase",
                        "update_item"),
                names("auctionmark.sql"));
    }

    private static List<String> names(String file) throws Exception {
        return ProgramLoader.load(DIR.resolve(file)).transactions().stream()
                .map(Transaction::name)
                .toList();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "smallbank.sql",
                "tpcc.sql",
                "voter.sql",
                "tatp.sql",
                "epinions.sql",
                "wikipedia.sql",
                "seats.sql",
                "auctionmark.sql"
            })
    void serIsAnomalyFree(String file) {
        CliRun run =
                CliRun.of("analyze", DIR.resolve(file).toString(), "--spec", "ser", "--bound", "2");
        assertEquals(ExitCode.OK, run.exitCode(), run.err() + run.out());
        assertTrue(
                run.out()
                        .contains(
                                "no serializability violation with a dependency cycle of length <= 2"),
                run.out());
    }

    /**
     * The file's DDL with only the named functions (each function and its comment line kept whole).
     */
    static Path only(Path dir, List<String> functions, String extraInWriteCheck) throws Exception {
        String source = Files.readString(DIR.resolve("smallbank.sql"));
        StringBuilder out = new StringBuilder();
        for (String part : Pattern.compile("(?m)^(?=-- [A-Za-z]+: )").split(source)) {
            boolean routine = part.contains("CREATE OR REPLACE FUNCTION");
            if (!routine
                    || functions.stream().anyMatch(f -> part.contains("FUNCTION " + f + "("))) {
                out.append(part);
            }
        }
        String text = out.toString();
        if (extraInWriteCheck != null) {
            String anchor =
                    "  SELECT bal INTO checkingBalance FROM checking WHERE custid = v_custId;\n";
            int wc = text.indexOf("FUNCTION write_check(");
            int at = text.indexOf(anchor, wc);
            assertTrue(wc >= 0 && at > wc, "write_check's checking read");
            text = text.substring(0, at) + extraInWriteCheck + text.substring(at);
        }
        Path copy = dir.resolve("smallbank-part.sql");
        Files.writeString(copy, text);
        return copy;
    }

    @Test
    void smallBanksBalanceWriteCheckTransactSavingsCycleUnderSiAndThePromotionThatRemovesIt(
            @TempDir Path dir) throws Exception {
        List<String> three = List.of("balance", "write_check", "transact_savings");
        Path part = only(dir, three, null);
        assertEquals(
                List.of("balance", "transact_savings", "write_check"),
                ProgramLoader.load(part).transactions().stream().map(Transaction::name).toList());
        CliRun run = CliRun.of("analyze", part.toString(), "--spec", "si", "--bound", "3");
        assertEquals(ExitCode.FINDING, run.exitCode(), run.err() + run.out());
        assertTrue(run.out().contains("cycle length 3"), run.out());
        assertTrue(
                Pattern.compile("balance\\.S\\d+ SELECT .* -> write_check\\.S\\d+ UPDATE")
                        .matcher(run.out())
                        .find(),
                run.out());
        assertTrue(
                Pattern.compile("write_check\\.S\\d+ SELECT .* -> transact_savings\\.S\\d+ UPDATE")
                        .matcher(run.out())
                        .find(),
                run.out());
        // the pair alone is serializable (WriteCheck before TransactSavings explains it): the
        // read-only Balance is needed
        CliRun pair =
                CliRun.of(
                        "analyze",
                        only(dir, List.of("write_check", "transact_savings"), null).toString(),
                        "--spec",
                        "si",
                        "--bound",
                        "3");
        assertEquals(ExitCode.OK, pair.exitCode(), pair.err() + pair.out());
        // Alomari et al.'s promotion: WriteCheck also writes the savings row it reads (an identity
        // update)
        Path promoted =
                only(dir, three, "  UPDATE savings SET bal = bal WHERE custid = v_custId;\n");
        CliRun fixed = CliRun.of("analyze", promoted.toString(), "--spec", "si", "--bound", "3");
        assertEquals(ExitCode.OK, fixed.exitCode(), fixed.err() + fixed.out());
        assertTrue(
                fixed.out()
                        .contains(
                                "no serializability violation with a dependency cycle of length <= 3"),
                fixed.out());
    }
}
