-- perform-join.sql: PERFORM of an inner join whose rows are not used, as BenchBase's TATP
-- (GetNewDestination) and Epinions write them (PL/pgSQL, loadable into PostgreSQL unchanged).
--
-- Route looks for an active facility's forwarding (a join on s_id) and records a miss when there
-- is none; Toggle switches a facility off and clears its forwarding number. isocheck reads the
-- join as one SELECT per table (facility, then the forwardings that join with it).

CREATE TABLE facility (s_id INT PRIMARY KEY, active INT NOT NULL);
CREATE TABLE forwarding (s_id INT PRIMARY KEY, num INT NOT NULL);
CREATE TABLE misses (s_id INT PRIMARY KEY, n INT NOT NULL);

CREATE FUNCTION route(p_s INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fw.num FROM facility f, forwarding fw WHERE f.s_id = p_s AND f.active = 1 AND fw.s_id = f.s_id;
  IF NOT FOUND THEN
    UPDATE misses SET n = n + 1 WHERE s_id = p_s;
  END IF;
END
$$;

CREATE FUNCTION toggle(p_s INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE facility SET active = 0 WHERE s_id = p_s;
  UPDATE forwarding SET num = 0 WHERE s_id = p_s;
END
$$;
