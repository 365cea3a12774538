package isocheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 13's "Done when" 1 as a table: every construct of §1 and of the schema bullet × {parse
 * test, encoding-rule test, litmus program in the explorer's agreement set, JDBC run with exact
 * recording on H2 and PostgreSQL}. Each cell names a real test method (or a litmus file), and this
 * test fails when a named test no longer exists, is not a test, or a litmus program no longer uses
 * its construct. The litmus programs are the rows of {@code SoundnessOracleTest} and {@code
 * PostgresLevelsOracleTest} (every file in benchmarks/programs/litmus/); the run cases of {@code
 * SqlConstructsRunContract} and {@code RunContract} run on H2 and PostgreSQL through {@code
 * DatabaseContractTest}. The sequence constructs (SERIAL, IDENTITY, nextval) are not rows here: a
 * separate piece of work (issue 13, branch bb2) owns them.
 *
 * <p>A rule cell written {@code rewrite: X#y} is a construct the front-end rewrites into existing
 * statements (DESIGN "Adding a SQL construct" step 5): it has no encoding rule of its own, and X#y
 * is the rule test of the statements it becomes.
 */
class ConstructCoverageTest {

    static final Path LITMUS =
            Path.of("").toAbsolutePath().getParent().resolve("benchmarks/programs/litmus");

    /** One construct: its cells, each "Class#method" (class relative to isocheck.). */
    record Row(
            String construct,
            String litmus,
            String uses,
            List<String> parse,
            List<String> rule,
            List<String> run) {
        @Override
        public String toString() {
            return construct;
        }
    }

    static final String PARSE = "frontend.SqlConstructsParseTest#";
    static final String PLPGSQL = "frontend.PlpgsqlFrontendTest#";
    static final String TYPES = "frontend.SqlTypesParseTest#";
    static final String RULES = "encoding.SqlConstructRulesTest#";
    static final String SCHEMA = "encoding.SchemaRulesTest#";
    static final String ABORTS = "encoding.UserAbortRulesTest#";
    static final String RUN = "run.SqlConstructsRunContract#";

    static Row row(
            String construct,
            String litmus,
            String uses,
            List<String> parse,
            List<String> rule,
            List<String> run) {
        return new Row(construct, litmus, uses, parse, rule, run);
    }

    static Stream<Row> rows() {
        return Stream.of(
                row(
                        "SUM, AVG, COUNT(DISTINCT c)",
                        "aggregates.sql",
                        "(?s)SUM\\(.*AVG\\(.*COUNT\\(DISTINCT",
                        List.of(PARSE + "sumAvgAndCountDistinctAreAggregates"),
                        List.of(RULES + "sumAndAvgAreNotExtrema"),
                        List.of(
                                RUN + "aggregatesReadEveryRowAndComputeTheirValues",
                                RUN + "unrecordedAggregatesAreComputedByTheDatabase")),
                row(
                        "MIN/MAX over a VARCHAR column",
                        "max-varchar.sql",
                        "MAX\\(name\\)",
                        List.of(PARSE + "minAndMaxOverAVarcharColumnAreStrings"),
                        List.of(RULES + "minOfAVarcharKeyIsLeftUnconstrained"),
                        List.of(RUN + "maxOverAVarcharColumnIsTheGreatestString")),
                row(
                        "expressions and aliases in a SELECT list",
                        "select-expressions.sql",
                        "(?s)f_seats_left - 1 AS after INTO r.*SELECT f_price \\* 2 INTO v",
                        List.of(PLPGSQL + "selectListExpressionsAreAssignmentsAfterTheSelect"),
                        List.of(
                                "rewrite: "
                                        + RULES
                                        + "aSelectListExpressionCarriesTheValueOfTheRowItRead"),
                        List.of(RUN + "selectListExpressionsComputeFromTheRowRead")),
                row(
                        "ORDER BY … [ASC|DESC] LIMIT n",
                        "order-by-limit.sql",
                        "ORDER BY .* LIMIT 1",
                        List.of(
                                PARSE
                                        + "orderByLimitKeepsTheKeysAndTheCountAndReadsTheOrderColumns"),
                        List.of(RULES + "limitKeepsNonEmptiness"),
                        List.of(RUN + "orderByLimitReadsTheFirstRowInOrder")),
                row(
                        "inner joins of two or three tables",
                        "join.sql",
                        "FROM \\w+( \\w+)?, \\w+|JOIN ",
                        List.of(
                                PARSE + "stockLevelJoinIsOneSelectPerTable",
                                PARSE + "threeTablesWithJoinOnAndAliases",
                                PARSE + "joinsOutsideTheSupportedShapeAreRefused"),
                        List.of(RULES + "aJoinReadsBothSides"),
                        List.of(RUN + "joinRecordsTheReadsOfBothSides")),
                row(
                        "SELECT cols INTO a record from a join",
                        "join-record.sql",
                        "SELECT \\w+\\.\\w+, \\w+\\.\\w+ INTO r\\s+FROM \\w+ \\w+ JOIN ",
                        List.of(
                                PARSE + "joinIntoARecordReadsEveryTablesSelectedColumns",
                                PARSE + "joinsOutsideTheSupportedShapeAreRefused"),
                        List.of(RULES + "aJoinIntoARecordReadsBothSides"),
                        List.of(RUN + "joinIntoARecordReadsBothSidesFromOneJoinedRow")),
                row(
                        "a join on several column pairs with ORDER BY … LIMIT into a record",
                        "join-pairs-limit.sql",
                        "AND rev_ns = page_ns\\s+ORDER BY rev_len DESC LIMIT 1",
                        List.of(
                                "frontend.JoinChainParseTest#joinOnTwoColumnPairsWithOrderByLimitIntoARecord",
                                "frontend.JoinChainParseTest#twoColumnPairsWithoutAFixedKeyAndOrderByExpressionsAreRefused"),
                        List.of(RULES + "aJoinOnTwoColumnPairsWithLimitReadsBothSides"),
                        List.of(
                                RUN
                                        + "aJoinOnTwoColumnPairsWithOrderByLimitHoldsTheFirstJoinedRow")),
                row(
                        "a join read in the order its equalities chain it, not FROM's",
                        "join-order.sql",
                        "FROM customer, flight, reservation",
                        List.of(
                                "frontend.JoinChainParseTest#tablesAreReadInTheOrderTheirEqualitiesChain",
                                "frontend.JoinChainParseTest#aTableWithoutConditionsOfItsOwnIsNotReadFirst",
                                "frontend.JoinChainParseTest#joinsThatAreNoChainAreRefused"),
                        List.of(RULES + "aJoinReadOutOfFromOrderReadsEveryTable"),
                        List.of(RUN + "joinsAreReadInTheOrderTheirEqualitiesChain")),
                row(
                        "FOR r IN SELECT over a join",
                        "../../../analyzer/src/test/resources/join-loop/join-loop.sql",
                        "FOR r IN SELECT \\w+\\.\\w+, \\w+\\.\\w+ FROM \\w+ \\w+ JOIN ",
                        List.of("frontend.PlpgsqlFrontendTest#forOverAJoinIsANestedLoopJoin"),
                        List.of(RULES + "aJoinIntoARecordReadsBothSides"),
                        List.of(RUN + "forOverAJoinRunsTheBodyOncePerJoinedRow")),
                row(
                        "PERFORM of a join (FOUND)",
                        "perform-join.sql",
                        "PERFORM",
                        List.of(PARSE + "stockLevelJoinIsOneSelectPerTable"),
                        List.of(RULES + "aJoinReadsBothSides"),
                        List.of(RUN + "performOfAJoinReadsBothTablesAndSetsFound")),
                row(
                        "IN (…) lists",
                        "in-list.sql",
                        " IN \\(",
                        List.of(
                                PARSE + "inListsAreDisjunctionsOfEqualities",
                                PARSE + "jsqlParserMisparsesInFollowedByAnd"),
                        List.of("rewrite: encoding.RulesTest#differentKeysNeverConflict"),
                        List.of(RUN + "inListsSelectAndUpdateTheListedRows")),
                row(
                        "BETWEEN",
                        "between.sql",
                        " BETWEEN ",
                        List.of(
                                "frontend.BenchbaseSchemaLiteralsParseTest#betweenIsTheTwoComparisonsItAbbreviates"),
                        List.of("rewrite: " + RULES + "nonKeyPredicatesMayTouchEveryRow"),
                        List.of(RUN + "betweenSelectsTheRowsInTheClosedWindow")),
                row(
                        "BOOLEAN",
                        "column-types.sql",
                        "BOOLEAN",
                        List.of(
                                TYPES
                                        + "booleanLiteralsAreOneAndZeroAndABooleanColumnOrVariableIsACondition"),
                        List.of(SCHEMA + "aBareBooleanColumnIsAComparisonWithTrue"),
                        List.of(RUN + "booleanColumnsAndDefaultsRunAsModelled")),
                row(
                        "NULL (literal, three-valued logic)",
                        "null-values.sql",
                        "= NULL",
                        List.of(PARSE + "nullLiteralsAreValuesAndComparisonsWithThemAreUnknown"),
                        List.of(
                                SCHEMA + "aComparisonWithTheNullLiteralIsNeverTrue",
                                SCHEMA + "aComparisonWithANullableColumnIsTestedByPolarity"),
                        List.of(RUN + "nullLiteralsAndThreeValuedLogicRunAsModelled")),
                row(
                        "IS [NOT] NULL on fields",
                        "field-is-null.sql",
                        "IS (NOT )?NULL",
                        List.of(PARSE + "isNullOnFields"),
                        List.of(RULES + "fieldIsNullIsTestedByPolarity"),
                        List.of(RUN + "isNullOnAFieldSelectsTheUnsetRows")),
                row(
                        "CASE in a SELECT list",
                        "select-case.sql",
                        "SELECT CASE WHEN qty >= 2",
                        List.of(PLPGSQL + "caseInASelectListIsAConditionalValueOverTheRowRead"),
                        List.of(RULES + "aSelectListCaseIsTheIfThenElseOfTheRowItRead"),
                        List.of(RUN + "caseInASelectListComputesFromTheRowRead")),
                row(
                        "IS [NOT] NULL on a parameter (NULL arguments)",
                        "param-is-null.sql",
                        ":id IS NULL OR acct = :id",
                        List.of(PARSE + "isNullOnAParameterIsATestOfItsArgument"),
                        List.of(
                                RULES
                                        + "aParameterTestedForNullMayBeNullAndItsComparisonsAreUnknownThen",
                                RULES + "anElseRunsWhenItsConditionIsUnknown"),
                        List.of(RUN + "isNullOnAParameterTestsANullArgument")),
                row(
                        "INSERT … ON CONFLICT DO NOTHING | DO UPDATE, FOUND",
                        "on-conflict.sql",
                        "(?s)ON CONFLICT \\(name\\) DO NOTHING.*IF NOT FOUND.*DO UPDATE SET",
                        List.of(
                                PLPGSQL
                                        + "onConflictDoNothingIsAProbeAndAConditionalInsertAndFoundMeansInserted",
                                PLPGSQL + "onConflictDoUpdateReadsExcludedAsTheInsertedValue"),
                        List.of(
                                "rewrite: encoding.RulesTest#selectCompleteFindsTheRowAnInsertIfAbsentChecks",
                                "rewrite: encoding.UserAbortRulesTest#sqlKeyUniquenessRulesOutTheDuplicateInsertCycle"),
                        List.of(
                                "run.PlpgsqlPostgresTest#onConflictRunsThroughTheInterpreterOnH2AndPostgres",
                                "run.PlpgsqlPostgresTest#onConflictLoadsIntoPostgresUnchangedAndBehavesAsTheRewriteSays")),
                row(
                        "SELECT … FOR UPDATE | FOR SHARE",
                        "select-for-update.sql",
                        "FOR UPDATE",
                        List.of(PARSE + "lockingClausesAreKeptWithTheirWaitPolicy"),
                        List.of(RULES + "aLockingReadIsAPlainRead"),
                        List.of(RUN + "selectForUpdateWaitsAndThenReadsTheCommittedIncrement")),
                row(
                        "FOR … NOWAIT",
                        "select-for-update.sql",
                        "FOR SHARE NOWAIT",
                        List.of(
                                PARSE + "lockingClausesAreKeptWithTheirWaitPolicy",
                                PARSE + "lockingClausesOutsideTheSubsetAreRefusedWithAPosition"),
                        List.of(RULES + "aLockingReadIsAPlainRead"),
                        List.of(RUN + "forShareNowaitOnALockedRowAborts")),
                row(
                        "FOR UPDATE SKIP LOCKED",
                        "skip-locked-queue.sql",
                        "FOR UPDATE SKIP LOCKED",
                        List.of(PARSE + "lockingClausesAreKeptWithTheirWaitPolicy"),
                        List.of(RULES + "skipLockedMayMissAMatchingRow"),
                        List.of(RUN + "skipLockedTakesTheNextUnlockedJob")),
                row(
                        "ROLLBACK / RAISE EXCEPTION (user abort)",
                        "user-abort.sql",
                        "(?s)RAISE EXCEPTION.*ROLLBACK;",
                        List.of(PARSE + "rollbackRaiseAndReturnEndTheirPaths"),
                        List.of(
                                ABORTS + "anInstanceThatAlwaysAbortsIsInNoCycle",
                                ABORTS + "anAbortUnderAGuardRulesOutOnlyItsPath"),
                        List.of("run.RunContract#userAbortsRollBackAndAreRecordedAsAborted")),
                row(
                        "RETURN (early exit)",
                        "user-abort.sql",
                        "RETURN;",
                        List.of(PARSE + "rollbackRaiseAndReturnEndTheirPaths"),
                        List.of(ABORTS + "statementsAfterAReturnDoNotRunOnItsPath"),
                        List.of("run.RunContract#userAbortsRollBackAndAreRecordedAsAborted")),
                row(
                        "UPDATE/DELETE with predicates on non-key fields",
                        "nonkey-predicates.sql",
                        "(?s)UPDATE .* WHERE .*DELETE FROM .* WHERE",
                        List.of(PARSE + "updateAndDeleteWithNonKeyPredicatesReadTheFieldsTheyTest"),
                        List.of(RULES + "nonKeyPredicatesMayTouchEveryRow"),
                        List.of(RUN + "nonKeyPredicatesUpdateAndDeleteTheMatchingRows")),
                row(
                        "COALESCE, CASE",
                        "case-coalesce.sql",
                        "(?s)(COALESCE.*CASE|CASE.*COALESCE)",
                        List.of(PARSE + "caseAndCoalesceAreExpressions"),
                        List.of(RULES + "caseAndCoalesceAreIfThenElseWhereTheirPartsAreEncoded"),
                        List.of(RUN + "caseAndCoalesceRunInTheDatabase")),
                row(
                        "EXISTS (SELECT …)",
                        "exists.sql",
                        "EXISTS \\(SELECT",
                        List.of(PARSE + "existsInAnIfConditionIsASelectJustBeforeTheIf"),
                        List.of(RULES + "notExistsIsAnEmptinessTest"),
                        List.of(RUN + "notExistsReadsTheRowThatMakesItFalse")),
                row(
                        "RETURNING … INTO",
                        "on-conflict.sql",
                        "RETURNING claims INTO",
                        List.of(
                                PLPGSQL
                                        + "returningIntoAfterInsertIsTheInsertedValueAndAfterUpdateAReadOfTheRow"),
                        List.of(
                                "rewrite: encoding.RulesTest#necessaryConditionsFindTheLostUpdateUnderEc"),
                        List.of(
                                "run.PlpgsqlPostgresTest#onConflictRunsThroughTheInterpreterOnH2AndPostgres")),
                row(
                        "GET DIAGNOSTICS n = ROW_COUNT, FOUND after UPDATE/DELETE",
                        "update-found.sql",
                        "(?s)IF NOT FOUND.*GET DIAGNOSTICS k = ROW_COUNT",
                        List.of(
                                PLPGSQL + "foundTestsTheLastQuerysRowSet",
                                PLPGSQL + "foundAndRowCountAfterAnUpdateTestAProbeOfItsRows"),
                        List.of("rewrite: " + ABORTS + "anAbortUnderAGuardRulesOutOnlyItsPath"),
                        List.of(RUN + "foundAndRowCountAfterUpdateFollowTheChangedRows")),
                row(
                        "DELETE of a row after reading it (two deleters)",
                        "double-delete.sql",
                        "DELETE FROM account WHERE id = :p",
                        List.of(
                                "frontend.FrontendTest#readAndWriteSetsFollowThePaperIncludingAlive"),
                        List.of("encoding.RulesTest#twoDeletesOfOnePinnedRowFormNoCycle"),
                        List.of(
                                "run.RunContract#serialRunSatisfiesEveryLevelAndReplaysInSessionOrder")),
                row(
                        "BIGINT, NUMERIC(p,s), TEXT, TIMESTAMP",
                        "column-types.sql",
                        "(?s)^(?=.*BIGINT)(?=.*NUMERIC\\()(?=.*TEXT)(?=.*TIMESTAMP)",
                        List.of(TYPES + "everyTypeMapsOntoTheIrValueTypes"),
                        List.of(SCHEMA + "aBareBooleanColumnIsAComparisonWithTrue"),
                        List.of(RUN + "booleanColumnsAndDefaultsRunAsModelled")),
                // SMALLINT has a litmus of its own: a column more in column-types.sql multiplies
                // the explorer's initial states (k = 4 took 147 s under load)
                row(
                        "SMALLINT",
                        "smallint.sql",
                        "SMALLINT",
                        List.of(TYPES + "everyTypeMapsOntoTheIrValueTypes"),
                        List.of(SCHEMA + "aSmallintColumnIsAnExactInteger"),
                        List.of(RUN + "smallintColumnsRunAsIntegers")),
                row(
                        "VARCHAR(n)",
                        "on-conflict.sql",
                        "VARCHAR\\(20\\)",
                        List.of(TYPES + "everyTypeMapsOntoTheIrValueTypes"),
                        List.of(RULES + "aLockingReadIsAPlainRead"),
                        List.of(
                                "run.PlpgsqlPostgresTest#onConflictRunsThroughTheInterpreterOnH2AndPostgres")),
                row(
                        "DEFAULT",
                        "column-types.sql",
                        "DEFAULT",
                        List.of(
                                TYPES + "defaultsAreLiteralsOfTheColumnsType",
                                TYPES + "anInsertThatLeavesOutADefaultedColumnWritesTheDefault"),
                        List.of(SCHEMA + "aDefaultIsTheValueOfAnOmittedColumn"),
                        List.of(RUN + "booleanColumnsAndDefaultsRunAsModelled")),
                row(
                        "NOT NULL",
                        "null-values.sql",
                        "(?s)NOT NULL|holder INT\\)",
                        List.of(TYPES + "everyTypeMapsOntoTheIrValueTypes"),
                        List.of(SCHEMA + "aComparisonWithANullableColumnIsTestedByPolarity"),
                        List.of(RUN + "nullLiteralsAndThreeValuedLogicRunAsModelled")),
                row(
                        "UNIQUE, CHECK, REFERENCES",
                        "constraints.sql",
                        "(?s)UNIQUE.*CHECK \\(.*REFERENCES",
                        List.of(
                                "frontend.ConstraintsParseTest#everyFormIsKeptAsAConstraintOfItsTable",
                                "frontend.ConstraintsParseTest#malformedConstraintsAreRefusedWithAPosition"),
                        List.of(SCHEMA + "constraintsAddNoFacts"),
                        List.of(RUN + "constraintViolationsAbortTheirTransaction")),
                row(
                        "FOREIGN KEY at a database's levels (parent_in_view)",
                        "fk-parent.sql",
                        "REFERENCES account \\(a_id\\)",
                        List.of(
                                "frontend.ConstraintsParseTest#everyFormIsKeptAsAConstraintOfItsTable"),
                        List.of(
                                SCHEMA
                                        + "aForeignKeyRemovesTheExecutionsWithAnOrphanInADatabaseSnapshot"),
                        List.of(RUN + "constraintViolationsAbortTheirTransaction")),
                row(
                        "a table without a primary key",
                        "keyless-insert.sql",
                        "CREATE TABLE \\w+ \\((?![^;]*PRIMARY KEY)[^;]*\\);",
                        List.of(
                                PARSE
                                        + "aTableWithoutAKeyGetsAHiddenKeyAndEachInsertAFreshParameter"),
                        List.of("rewrite: encoding.RulesTest#twoInsertsOfOneKeyFormNoCycle"),
                        List.of(RUN + "keylessInsertsAddNewRowsUnderFreshHiddenKeys")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void everyCellNamesAnExistingTestAndTheLitmusProgramUsesTheConstruct(Row row) throws Exception {
        Path litmus = LITMUS.resolve(row.litmus());
        assertTrue(Files.isRegularFile(litmus), row + ": no litmus program " + litmus);
        String text = Files.readString(litmus);
        String code = text.replaceAll("(?m)--.*$", "");
        assertTrue(
                Pattern.compile(row.uses()).matcher(code).find(),
                row + ": " + row.litmus() + " does not use the construct (/" + row.uses() + "/)");
        List<String> cells = new ArrayList<>();
        cells.addAll(row.parse());
        cells.addAll(row.rule());
        cells.addAll(row.run());
        assertTrue(
                !row.parse().isEmpty() && !row.rule().isEmpty() && !row.run().isEmpty(),
                row + ": an empty cell");
        for (String cell : cells) assertIsATest(row, cell.replaceFirst("^rewrite: ", ""));
    }

    /** A construct is listed once; two rows may share a litmus program. */
    @Test
    void constructsAreListedOnce() {
        Set<String> seen = new HashSet<>();
        rows().forEach(r -> assertTrue(seen.add(r.construct()), r.construct()));
        assertEquals(37, seen.size());
    }

    static void assertIsATest(Row row, String cell) throws Exception {
        String[] parts = cell.split("#");
        assertEquals(2, parts.length, row + ": " + cell);
        Class<?> c;
        try {
            c = Class.forName("isocheck." + parts[0]);
        } catch (ClassNotFoundException e) {
            fail(row + ": no test class isocheck." + parts[0]);
            return;
        }
        for (Method m : c.getDeclaredMethods()) {
            if (!m.getName().equals(parts[1])) continue;
            for (Annotation a : m.getAnnotations()) {
                String n = a.annotationType().getName();
                if (n.equals(Test.class.getName())
                        || n.equals(ParameterizedTest.class.getName())
                        || n.equals("isocheck.run.Case")) return;
            }
            fail(
                    row
                            + ": "
                            + cell
                            + " is not a test (@Test, @ParameterizedTest or a contract @Case)");
        }
        fail(row + ": no method " + cell);
    }
}
