-- benchbase/voter.sql: BenchBase's Voter (cmu-db/benchbase, benchmarks/voter) as a PostgreSQL
-- stored procedure: the DDL of ddl-postgres.sql unchanged (views included) and one function for
-- procedures/Vote.java, each statement as Vote issues it, its Java control flow as PL/pgSQL
-- control flow. Loads unchanged with `psql -f`.
--
-- Deviations from BenchBase (everything else is as BenchBase writes it):
--   * FOREIGN KEY … REFERENCES and UNIQUE constraints are comments ("not read by isocheck yet"):
--     isocheck refuses them until the schema work on constraints lands; restore them then. No
--     procedure deletes a referenced row, so ON DELETE CASCADE never acts; a violating write would
--     abort, which the analysis without them over-approximates (more committed executions).
--   * The function returns Vote's result codes (0 VOTE_SUCCESSFUL, 1 ERR_INVALID_CONTESTANT,
--     2 ERR_VOTER_OVER_VOTE_LIMIT) as Vote.run() does; both errors commit, as in BenchBase.
--   * Vote reads `rs.next()` of the COUNT(*) query before comparing; a COUNT(*) always yields one
--     row, so the test is the comparison alone.
--   * `(short) (phoneNumber / 10000000L)` is `phoneNumber / 10000000` (integer division, as Java's).
--   * The parameters are those of Vote.run(): voteId, phoneNumber, contestantNumber,
--     maxVotesPerPhoneNumber.
DROP VIEW IF EXISTS v_votes_by_phone_number CASCADE;
DROP VIEW IF EXISTS v_votes_by_contestant_number_state CASCADE;
DROP TABLE IF EXISTS votes CASCADE;
DROP TABLE IF EXISTS area_code_state CASCADE;
DROP TABLE IF EXISTS contestants CASCADE;

CREATE TABLE contestants (
    contestant_number integer     NOT NULL,
    contestant_name   varchar(50) NOT NULL,
    PRIMARY KEY (contestant_number)
);

CREATE TABLE area_code_state (
    area_code smallint   NOT NULL,
    state     varchar(2) NOT NULL,
    PRIMARY KEY (area_code)
);

CREATE TABLE votes (
    vote_id           bigint     NOT NULL,
    phone_number      bigint     NOT NULL,
    state             varchar(2) NOT NULL,
    contestant_number integer    NOT NULL,
    created           timestamp  NOT NULL
    -- FOREIGN KEY (contestant_number) REFERENCES contestants (contestant_number) ON DELETE CASCADE  [not read by isocheck yet: see the top of the file]
);
CREATE INDEX idx_votes_phone_number ON votes (phone_number);

CREATE VIEW v_votes_by_phone_number (phone_number, num_votes) AS
SELECT phone_number, COUNT(*)
FROM votes
GROUP BY phone_number;

CREATE VIEW v_votes_by_contestant_number_state (contestant_number, state, num_votes) AS
SELECT contestant_number, state, COUNT(*)
FROM votes
GROUP BY contestant_number, state;

-- Vote: check the contestant, the caller's vote count and area code, then record the vote.
CREATE OR REPLACE FUNCTION vote(voteId bigint, phoneNumber bigint, contestantNumber integer,
    maxVotesPerPhoneNumber bigint) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  c RECORD;
  num_votes bigint;
  v_state varchar(2);
BEGIN
  SELECT contestant_number INTO c FROM contestants WHERE contestant_number = contestantNumber;
  IF NOT FOUND THEN
    RETURN 1;
  END IF;
  SELECT COUNT(*) INTO num_votes FROM votes WHERE phone_number = phoneNumber;
  IF num_votes >= maxVotesPerPhoneNumber THEN
    RETURN 2;
  END IF;
  SELECT state INTO v_state FROM area_code_state WHERE area_code = phoneNumber / 10000000;
  IF NOT FOUND THEN
    v_state := 'XX';
  END IF;
  INSERT INTO votes (vote_id, phone_number, state, contestant_number, created) VALUES (voteId, phoneNumber, v_state, contestantNumber, NOW());
  RETURN 0;
END
$$;
