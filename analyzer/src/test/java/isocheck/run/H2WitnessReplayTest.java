package isocheck.run;

/** Static witnesses replayed on embedded H2 (SNAPSHOT is its snapshot isolation). */
class H2WitnessReplayTest extends WitnessReplayContract {

    @Override
    Db db(Isolation isolation) {
        return Db.embedded(isolation);
    }

    @Override
    Isolation snapshotLevel() {
        return Isolation.SNAPSHOT;
    }
}
