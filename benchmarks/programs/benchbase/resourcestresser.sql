-- benchbase/resourcestresser.sql: BenchBase's ResourceStresser (cmu-db/benchbase,
-- benchmarks/resourcestresser) as PostgreSQL stored procedures: the DDL of ddl-postgres.sql
-- unchanged and one function per procedure class (procedures/*.java), each statement as the
-- procedure issues it (dialect-postgres.xml where it overrides one), its Java loops as FOREACH over
-- the values the worker draws for them. Loads unchanged with `psql -f`.
--
-- Deviations from BenchBase (everything else is as BenchBase writes it):
--   * The Java loops draw their keys from the worker's random generator; here the caller passes
--     them as an array (the keys of Contention1's and IO2's updates, the left ends of
--     Contention2's and IO1's ranges) and each procedure runs its statement once per element.
--     BenchBase draws a new salary / flag / data value per statement; here one per call (the same
--     items are written, with other values).
--   * Contention1: BenchBase updates 10 random keys per statement with `WHERE empid IN (??)`;
--     here one `WHERE empid = k` per key (the same rows written, by 10 statements instead of one).
--   * Contention1/2: `SELECT PG_SLEEP(?)` after each update is left out (it reads and writes no
--     data; it only stretches the transaction, which the analysis already lets overlap).
--   * CPU1/CPU2: BenchBase counts the rows of a subquery that hashes passwd five times
--     (`SELECT count(*) FROM (SELECT md5(concat(…)) FROM cputable WHERE empid >= 0 AND empid <
--     100) T1`) and repeats it 10 (CPU1) or 5 (CPU2) times with the same rows; here the count of
--     the same rows once, `SELECT count(*) … WHERE empid >= 0 AND empid < 100` (isocheck has no
--     subqueries or md5; no procedure writes cputable, so what the hash reads changes no
--     dependency). The sleeps between them are left out as above.
--   * IO1: BenchBase sets data1..data16 to 16 fresh values per statement; here one value for all
--     16 columns per call.
DROP TABLE IF EXISTS cputable CASCADE;
DROP TABLE IF EXISTS iotable CASCADE;
DROP TABLE IF EXISTS iotablesmallrow CASCADE;
DROP TABLE IF EXISTS locktable CASCADE;

CREATE TABLE cputable (
    empid  int       NOT NULL,
    passwd char(255) NOT NULL,
    PRIMARY KEY (empid)
);

CREATE TABLE iotable (
    empid  int       NOT NULL,
    data1  char(255) NOT NULL,
    data2  char(255) NOT NULL,
    data3  char(255) NOT NULL,
    data4  char(255) NOT NULL,
    data5  char(255) NOT NULL,
    data6  char(255) NOT NULL,
    data7  char(255) NOT NULL,
    data8  char(255) NOT NULL,
    data9  char(255) NOT NULL,
    data10 char(255) NOT NULL,
    data11 char(255) NOT NULL,
    data12 char(255) NOT NULL,
    data13 char(255) NOT NULL,
    data14 char(255) NOT NULL,
    data15 char(255) NOT NULL,
    data16 char(255) NOT NULL,
    PRIMARY KEY (empid)
);

CREATE TABLE iotablesmallrow (
    empid int NOT NULL,
    flag1 int NOT NULL,
    PRIMARY KEY (empid)
);

CREATE TABLE locktable (
    empid  int NOT NULL,
    salary int NOT NULL,
    PRIMARY KEY (empid)
);

-- CPU1: count the first 100 rows of cputable (the hashing is CPU work only).
CREATE OR REPLACE FUNCTION cpu1() RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  SELECT count(*) INTO n FROM cputable WHERE empid >= 0 AND empid < 100;
  RETURN n;
END
$$;

-- CPU2: the same rows, hashed from passwd in BenchBase.
CREATE OR REPLACE FUNCTION cpu2() RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  SELECT count(*) INTO n FROM cputable WHERE empid >= 0 AND empid < 100;
  RETURN n;
END
$$;

-- Contention1: blind updates of random keys' salaries.
CREATE OR REPLACE FUNCTION contention1(p_keys int[], p_salary int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  k int;
BEGIN
  FOREACH k IN ARRAY p_keys LOOP
    UPDATE locktable SET salary = p_salary WHERE empid = k;
  END LOOP;
END
$$;

-- Contention2: blind updates of key ranges' salaries.
CREATE OR REPLACE FUNCTION contention2(p_left int[], p_how_many_keys int, p_salary int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  l int;
BEGIN
  FOREACH l IN ARRAY p_left LOOP
    UPDATE locktable SET salary = p_salary WHERE empid >= l AND empid < l + p_how_many_keys;
  END LOOP;
END
$$;

-- IO1: wide-row updates of key ranges.
CREATE OR REPLACE FUNCTION io1(p_left int[], p_how_many_rows int, p_data varchar) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  l int;
BEGIN
  FOREACH l IN ARRAY p_left LOOP
    UPDATE iotable SET data1 = p_data, data2 = p_data, data3 = p_data, data4 = p_data,
        data5 = p_data, data6 = p_data, data7 = p_data, data8 = p_data, data9 = p_data,
        data10 = p_data, data11 = p_data, data12 = p_data, data13 = p_data, data14 = p_data,
        data15 = p_data, data16 = p_data
      WHERE empid >= l AND empid < l + p_how_many_rows;
  END LOOP;
END
$$;

-- IO2: small-row updates of random keys.
CREATE OR REPLACE FUNCTION io2(p_keys int[], p_flag int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  k int;
BEGIN
  FOREACH k IN ARRAY p_keys LOOP
    UPDATE iotablesmallrow SET flag1 = p_flag WHERE empid = k;
  END LOOP;
END
$$;
