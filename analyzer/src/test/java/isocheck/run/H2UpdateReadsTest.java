package isocheck.run;

/** Read-modify-write UPDATE recording on embedded H2. */
class H2UpdateReadsTest extends UpdateReadsContract {

    @Override
    Db db(Isolation isolation) {
        return Db.embedded(isolation);
    }

    @Override
    Isolation snapshotLevel() {
        return Isolation.SNAPSHOT;
    }
}
