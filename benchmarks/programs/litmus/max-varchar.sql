-- max-varchar.sql: MAX over a VARCHAR column, as BenchBase AuctionMark's UpdateItem writes it
-- (getMaxItemAttributeId, `SELECT MAX(ia_id) … WHERE ia_i_id = ? AND ia_u_id = ?`).
--
-- Claim takes the greatest tag name still owned by 1 (the pool) and gives it to p. Two Claims
-- read the same greatest name and both write its owner: the lost update (a 2-cycle under ec, cc,
-- pc); psi, si and ser order two writers of one field, so the explorer finds no cycle there.
--
-- Encoding (AuxRules, Vocabulary#isIntKey): the value of MIN/MAX over a VARCHAR column is left
-- unconstrained (a string is an integer code whose order is not the strings' order), so the
-- encoder allows any value: more behaviours, never fewer. The price is precision: under psi and si
-- the encoder reports a write skew of two Claims that take *different* names (each reads the
-- owner of the row the other updates), which two Claims reading one snapshot cannot do
-- (SoundnessOracleTest reports it as a precision note, not a miss). The explorer and `run`
-- compute MAX with the strings' order (Java's: PostgreSQL's C collation and H2's, for ASCII).

CREATE TABLE tag (name VARCHAR(10) PRIMARY KEY, owner INT NOT NULL);

TRANSACTION Claim(p INT)
BEGIN
  SELECT MAX(name) INTO top FROM tag WHERE owner = 1;
  UPDATE tag SET owner = :p WHERE name = :top;
END;
