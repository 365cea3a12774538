-- column-types.sql: the column types people write (BIGINT, BOOLEAN, NUMERIC, TEXT, TIMESTAMP),
-- TRUE/FALSE, a boolean column standing alone as a condition, and DEFAULTs.
--
-- Add creates a switch that is on (active's DEFAULT TRUE) with the other columns' defaults;
-- TurnOff turns one switch off while the other is still on, so at least one stays on. Two
-- TurnOffs of the two switches that both see the other on both turn off: the write skew of
-- doctors-on-call.sql, allowed by si (and everything weaker), forbidden by ser.
--
-- The types are modelled exactly here: BOOLEAN is INT 1/0 (TRUE = 1, `active` alone is
-- `active = 1`), the NUMERIC, TEXT and TIMESTAMP defaults are literals the front-end writes into
-- Add's INSERT.

CREATE TABLE switch (
  s_id BIGINT PRIMARY KEY,
  active BOOLEAN NOT NULL DEFAULT TRUE,
  budget NUMERIC(12, 2) NOT NULL DEFAULT 0,
  label TEXT DEFAULT 'new',
  changed TIMESTAMP
);

TRANSACTION Add(id BIGINT)
BEGIN
  INSERT INTO switch (s_id) VALUES (:id);
END;

TRANSACTION TurnOff(id BIGINT, other BIGINT)
BEGIN
  SELECT s_id INTO on_other FROM switch WHERE s_id = :other AND active;
  IF on_other IS NOT NULL THEN
    UPDATE switch SET active = FALSE WHERE s_id = :id AND active = TRUE;
  END IF;
END;
