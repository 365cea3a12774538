package isocheck.run;

/** The SQL constructs' runs on embedded H2. */
class H2SqlConstructsRunTest extends SqlConstructsRunContract {

    @Override
    Db db(Isolation isolation) {
        return Db.embedded(isolation);
    }
}
