package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The default population meets the schema's FOREIGN KEY and UNIQUE constraints (the run adds them
 * after the initial data and fails on a violation): a referencing column takes a referenced key, a
 * UNIQUE column a different value per row. Without a generator file, BenchBase's Epinions, Twitter
 * and SmallBank (their REFERENCES restored) and Wikipedia (UNIQUE user_name) then run.
 */
class DefaultPopulationConstraintsTest {

    private static final String PROGRAM =
            """
            CREATE TABLE owner (o_id INT PRIMARY KEY, o_name VARCHAR(10));
            CREATE TABLE pet (p_id INT PRIMARY KEY, p_owner INT NOT NULL,
                              p_tag VARCHAR(10) UNIQUE,
                              FOREIGN KEY (p_owner) REFERENCES owner (o_id));
            TRANSACTION Look(id INT) BEGIN
              SELECT p_owner INTO o FROM pet WHERE p_id = :id;
            END;
            """;

    @Test
    void referencingColumnsTakeReferencedKeysAndUniqueColumnsDistinctValues() {
        Program p = ProgramLoader.parse("t.sql", PROGRAM);
        ParamGen gen = new ParamGen(p, GenSpec.empty());
        List<Map<String, Object>> owners =
                gen.population(p.schema().table("owner").orElseThrow(), new Random(1));
        List<Map<String, Object>> pets =
                gen.population(p.schema().table("pet").orElseThrow(), new Random(1));
        Set<Object> ownerIds = new HashSet<>();
        owners.forEach(r -> ownerIds.add(r.get("o_id")));
        Set<Object> tags = new HashSet<>();
        for (Map<String, Object> pet : pets) {
            assertEquals(true, ownerIds.contains(pet.get("p_owner")), pet + " owners " + ownerIds);
            tags.add(pet.get("p_tag"));
        }
        assertEquals(pets.size(), tags.size(), "UNIQUE p_tag repeats: " + pets);
        assertEquals(10, pets.size());
    }

    /** The BenchBase files whose restored constraints need this run on H2 without a .gen file. */
    @Test
    void benchbaseFilesWithConstraintsRunOnH2() throws Exception {
        for (String f : List.of("epinions.sql", "twitter.sql", "smallbank.sql", "wikipedia.sql")) {
            Program p = ProgramLoader.load(Path.of("../benchmarks/programs/benchbase/" + f));
            Runs.Outcome out =
                    Runs.program(
                            Db.embedded(Isolation.SERIALIZABLE),
                            p,
                            GenSpec.empty(),
                            "defaults",
                            RunContract.opts(2, 40));
            assertEquals(
                    40,
                    out.result().committed() + out.result().aborted(),
                    f + ": " + out.summary());
        }
    }
}
