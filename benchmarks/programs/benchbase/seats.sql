-- benchbase/seats.sql: BenchBase's SEATS (cmu-db/benchbase, benchmarks/seats) as PostgreSQL stored
-- procedures: the DDL of ddl-postgres.sql unchanged and one function per procedure class
-- (procedures/*.java; LoadConfig, which only reads the config tables at start-up, is not a
-- transaction of the mix), each statement as the procedure issues it, its Java control flow as
-- PL/pgSQL control flow. Loads unchanged with `psql -f`.
--
-- Deviations from BenchBase (everything else is as BenchBase writes it):
--   * A UserAbortException (BenchBase rolls back) is RAISE EXCEPTION; a `LOG.debug(…); return;`
--     is RETURN (the transaction commits what it did).
--   * (Undone: a Java null argument is NULL, tested with IS [NOT] NULL as BenchBase tests `== null`
--     / `!= null`; `c_id_str.length() > 0` is `p_c_id_str <> ''`, which is the same test of a
--     non-NULL string. isocheck reads a parameter the program tests for NULL as one a caller may
--     pass NULL to, program.NullableParameters.)
--   * A query whose rows the procedure only steps through, or whose values only go to LOG.debug
--     or into the returned Object[] rows, is PERFORM or SELECT … INTO a RECORD: PL/pgSQL has no
--     SELECT without INTO. FindOpenSeats' seat map and FindFlights' result rows are Java-side.
--   * (Undone: DeleteReservation's GetCustomerReservation, FROM customer, flight, reservation
--     with reservation joined to both, and GetCustomerByFFNumber, FROM customer, frequent_flyer
--     with no condition of customer's own, are the joins BenchBase writes, INTO a record. isocheck
--     reads a join's tables in the order its equalities chain them (customer, reservation, flight;
--     frequent_flyer, customer), frontend.JoinParts#chain.)
--   * (Undone: FindOpenSeats' GetFlight selects its computed `… AS F_PRICE` as BenchBase writes it;
--     isocheck reads an expression in a SELECT list as the columns it names plus an assignment of
--     its value, frontend.SelectListExpression. The price, a float in PostgreSQL, is an integer
--     expression in isocheck's reading, as every float column is.)
--   * NewReservation's `long[] attrs` (9 values) is nine parameters p_attr0 … p_attr8: isocheck
--     has no array subscript yet. The `updated != 1` checks are `IF NOT FOUND` (each statement
--     writes one row by key, so 0 rows is the only other count).
--   * UpdateReservation picks one of four prepared UPDATEs by attr_idx (ReserveSeats[attr_idx]):
--     here an IF/ELSIF over attr_idx with the four statements; another index is RAISE EXCEPTION
--     (Java throws ArrayIndexOutOfBoundsException). The `updated != 1` check follows the UPDATE in
--     each branch (isocheck tests FOUND only after one statement, not after an IF).
--   * float columns (c_balance, r_price, f_base_price, …) and the double arguments are read by
--     isocheck as whole numbers (README: NUMERIC/FLOAT as integers); PostgreSQL stores them as
--     written.
--   * FindFlights collects the ids of the nearby airports in a list and binds up to three of them
--     into `F_ARRIVE_AP_ID IN (??)`: here locals v_aid1, v_aid2 filled by the loop over
--     GetNearbyAirports, and the three GetFlights statements chosen by how many there are, as
--     BenchBase chooses GetFlights1/2/3. BenchBase takes `getLong(1)` of `SELECT *`, which is
--     D_AP_ID0 (the departure airport itself), not D_AP_ID1: kept as BenchBase issues it.
--   * Parameters named like a column carry a p_ prefix, locals a v_ prefix: PL/pgSQL names are
--     case-insensitive, and PostgreSQL rejects a name that is both a variable and a column of the
--     statement.
-- Drop Tables
DROP TABLE IF EXISTS config_profile CASCADE;
DROP TABLE IF EXISTS config_histograms CASCADE;
DROP TABLE IF EXISTS reservation CASCADE;
DROP TABLE IF EXISTS frequent_flyer CASCADE;
DROP TABLE IF EXISTS customer CASCADE;
DROP TABLE IF EXISTS flight CASCADE;
DROP TABLE IF EXISTS airport_distance CASCADE;
DROP TABLE IF EXISTS airport CASCADE;
DROP TABLE IF EXISTS airline CASCADE;
DROP TABLE IF EXISTS country CASCADE;

-- 
-- CONFIG_PROFILE
--
CREATE TABLE config_profile (
    cfp_scale_factor        float                               NOT NULL,
    cfp_aiport_max_customer varchar(10001)                      NOT NULL,
    cfp_flight_start        timestamp DEFAULT CURRENT_TIMESTAMP NOT NULL,
    cfp_flight_upcoming     timestamp DEFAULT CURRENT_TIMESTAMP NOT NULL,
    cfp_flight_past_days    int                                 NOT NULL,
    cfp_flight_future_days  int                                 NOT NULL,
    cfp_flight_offset       int,
    cfp_reservation_offset  int,
    cfp_num_reservations    bigint                              NOT NULL,
    cfp_code_ids_xrefs      varchar(16004)                      NOT NULL
);

--
-- CONFIG_HISTOGRAMS
--
CREATE TABLE config_histograms (
    cfh_name       varchar(128)   NOT NULL,
    cfh_data       varchar(10005) NOT NULL,
    cfh_is_airport int DEFAULT 0,
    PRIMARY KEY (cfh_name)
);

-- 
-- COUNTRY
--
CREATE TABLE country (
    co_id     bigint      NOT NULL,
    co_name   varchar(64) NOT NULL,
    co_code_2 varchar(2)  NOT NULL,
    co_code_3 varchar(3)  NOT NULL,
    PRIMARY KEY (co_id)
);

--
-- AIRPORT
--
CREATE TABLE airport (
    ap_id          bigint       NOT NULL,
    ap_code        varchar(3)   NOT NULL,
    ap_name        varchar(128) NOT NULL,
    ap_city        varchar(64)  NOT NULL,
    ap_postal_code varchar(12),
    ap_co_id       bigint       NOT NULL,
    ap_longitude   float,
    ap_latitude    float,
    ap_gmt_offset  float,
    ap_wac         bigint,
    ap_iattr00     bigint,
    ap_iattr01     bigint,
    ap_iattr02     bigint,
    ap_iattr03     bigint,
    ap_iattr04     bigint,
    ap_iattr05     bigint,
    ap_iattr06     bigint,
    ap_iattr07     bigint,
    ap_iattr08     bigint,
    ap_iattr09     bigint,
    ap_iattr10     bigint,
    ap_iattr11     bigint,
    ap_iattr12     bigint,
    ap_iattr13     bigint,
    ap_iattr14     bigint,
    ap_iattr15     bigint,
    PRIMARY KEY (ap_id),
    FOREIGN KEY (ap_co_id) REFERENCES country (co_id)
);

--
-- AIRPORT_DISTANCE
--
CREATE TABLE airport_distance (
    d_ap_id0   bigint NOT NULL,
    d_ap_id1   bigint NOT NULL,
    d_distance float  NOT NULL,
    PRIMARY KEY (d_ap_id0, d_ap_id1),
    FOREIGN KEY (d_ap_id0) REFERENCES airport (ap_id),
    FOREIGN KEY (d_ap_id1) REFERENCES airport (ap_id)
);

--
-- AIRLINE
--
CREATE TABLE airline (
    al_id        bigint       NOT NULL,
    al_iata_code varchar(3),
    al_icao_code varchar(3),
    al_call_sign varchar(32),
    al_name      varchar(128) NOT NULL,
    al_co_id     bigint       NOT NULL,
    al_iattr00   bigint,
    al_iattr01   bigint,
    al_iattr02   bigint,
    al_iattr03   bigint,
    al_iattr04   bigint,
    al_iattr05   bigint,
    al_iattr06   bigint,
    al_iattr07   bigint,
    al_iattr08   bigint,
    al_iattr09   bigint,
    al_iattr10   bigint,
    al_iattr11   bigint,
    al_iattr12   bigint,
    al_iattr13   bigint,
    al_iattr14   bigint,
    al_iattr15   bigint,
    PRIMARY KEY (al_id),
    FOREIGN KEY (al_co_id) REFERENCES country (co_id)
);

--
-- CUSTOMER
--
CREATE TABLE customer (
    c_id         varchar(128)             NOT NULL,
    c_id_str     varchar(64) UNIQUE NOT NULL,
    c_base_ap_id bigint,
    c_balance    float              NOT NULL,
    c_sattr00    varchar(32),
    c_sattr01    varchar(8),
    c_sattr02    varchar(8),
    c_sattr03    varchar(8),
    c_sattr04    varchar(8),
    c_sattr05    varchar(8),
    c_sattr06    varchar(8),
    c_sattr07    varchar(8),
    c_sattr08    varchar(8),
    c_sattr09    varchar(8),
    c_sattr10    varchar(8),
    c_sattr11    varchar(8),
    c_sattr12    varchar(8),
    c_sattr13    varchar(8),
    c_sattr14    varchar(8),
    c_sattr15    varchar(8),
    c_sattr16    varchar(8),
    c_sattr17    varchar(8),
    c_sattr18    varchar(8),
    c_sattr19    varchar(8),
    c_iattr00    bigint,
    c_iattr01    bigint,
    c_iattr02    bigint,
    c_iattr03    bigint,
    c_iattr04    bigint,
    c_iattr05    bigint,
    c_iattr06    bigint,
    c_iattr07    bigint,
    c_iattr08    bigint,
    c_iattr09    bigint,
    c_iattr10    bigint,
    c_iattr11    bigint,
    c_iattr12    bigint,
    c_iattr13    bigint,
    c_iattr14    bigint,
    c_iattr15    bigint,
    c_iattr16    bigint,
    c_iattr17    bigint,
    c_iattr18    bigint,
    c_iattr19    bigint,
    PRIMARY KEY (c_id),
    FOREIGN KEY (c_base_ap_id) REFERENCES airport (ap_id)
);

--
-- FREQUENT_FLYER
--
CREATE TABLE frequent_flyer (
    ff_c_id     varchar(128)      NOT NULL,
    ff_al_id    bigint      NOT NULL,
    ff_c_id_str varchar(64) NOT NULL,
    ff_sattr00  varchar(32),
    ff_sattr01  varchar(32),
    ff_sattr02  varchar(32),
    ff_sattr03  varchar(32),
    ff_iattr00  bigint,
    ff_iattr01  bigint,
    ff_iattr02  bigint,
    ff_iattr03  bigint,
    ff_iattr04  bigint,
    ff_iattr05  bigint,
    ff_iattr06  bigint,
    ff_iattr07  bigint,
    ff_iattr08  bigint,
    ff_iattr09  bigint,
    ff_iattr10  bigint,
    ff_iattr11  bigint,
    ff_iattr12  bigint,
    ff_iattr13  bigint,
    ff_iattr14  bigint,
    ff_iattr15  bigint,
    PRIMARY KEY (ff_c_id, ff_al_id),
    FOREIGN KEY (ff_c_id) REFERENCES customer (c_id),
    FOREIGN KEY (ff_al_id) REFERENCES airline (al_id)
);
CREATE INDEX idx_ff_customer_id ON frequent_flyer (ff_c_id_str);

--
-- FLIGHT
--
CREATE TABLE flight (
    f_id           varchar(128)                              NOT NULL,
    f_al_id        bigint                              NOT NULL,
    f_depart_ap_id bigint                              NOT NULL,
    f_depart_time  timestamp DEFAULT CURRENT_TIMESTAMP NOT NULL,
    f_arrive_ap_id bigint                              NOT NULL,
    f_arrive_time  timestamp DEFAULT CURRENT_TIMESTAMP NOT NULL,
    f_status       bigint                              NOT NULL,
    f_base_price   float                               NOT NULL,
    f_seats_total  bigint                              NOT NULL,
    f_seats_left   bigint                              NOT NULL,
    f_iattr00      bigint,
    f_iattr01      bigint,
    f_iattr02      bigint,
    f_iattr03      bigint,
    f_iattr04      bigint,
    f_iattr05      bigint,
    f_iattr06      bigint,
    f_iattr07      bigint,
    f_iattr08      bigint,
    f_iattr09      bigint,
    f_iattr10      bigint,
    f_iattr11      bigint,
    f_iattr12      bigint,
    f_iattr13      bigint,
    f_iattr14      bigint,
    f_iattr15      bigint,
    f_iattr16      bigint,
    f_iattr17      bigint,
    f_iattr18      bigint,
    f_iattr19      bigint,
    f_iattr20      bigint,
    f_iattr21      bigint,
    f_iattr22      bigint,
    f_iattr23      bigint,
    f_iattr24      bigint,
    f_iattr25      bigint,
    f_iattr26      bigint,
    f_iattr27      bigint,
    f_iattr28      bigint,
    f_iattr29      bigint,
    PRIMARY KEY (f_id),
    FOREIGN KEY (f_al_id) REFERENCES airline (al_id),
    FOREIGN KEY (f_depart_ap_id) REFERENCES airport (ap_id),
    FOREIGN KEY (f_arrive_ap_id) REFERENCES airport (ap_id)
);
CREATE INDEX f_depart_time_idx ON flight (f_depart_time);

--
-- RESERVATION
--
CREATE TABLE reservation (
    r_id      bigint NOT NULL,
    r_c_id    varchar(128) NOT NULL,
    r_f_id    varchar(128) NOT NULL,
    r_seat    bigint NOT NULL,
    r_price   float  NOT NULL,
    r_iattr00 bigint,
    r_iattr01 bigint,
    r_iattr02 bigint,
    r_iattr03 bigint,
    r_iattr04 bigint,
    r_iattr05 bigint,
    r_iattr06 bigint,
    r_iattr07 bigint,
    r_iattr08 bigint,
    UNIQUE (r_f_id, r_seat),
    PRIMARY KEY (r_id, r_c_id, r_f_id),
    FOREIGN KEY (r_c_id) REFERENCES customer (c_id),
    FOREIGN KEY (r_f_id) REFERENCES flight (f_id)
);
-- DeleteReservation: find the customer (by id, id string or frequent-flyer number), read the
-- reservation, delete it, give the seat back and refund the customer.
CREATE OR REPLACE FUNCTION delete_reservation(p_f_id varchar, p_c_id varchar, p_c_id_str varchar,
                                              p_ff_c_id_str varchar, p_ff_al_id bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_c_id varchar;
  v_ff_al_id bigint;
  r_by_str RECORD;
  r_by_ff RECORD;
  r RECORD;
  v_c_iattr00 bigint;
  v_seats_left bigint;
  v_r_id bigint;
  v_r_price float;
BEGIN
  v_c_id := p_c_id;
  v_ff_al_id := p_ff_al_id;
  IF p_c_id IS NULL THEN
    IF p_c_id_str IS NOT NULL AND p_c_id_str <> '' THEN
      SELECT C_ID INTO r_by_str   FROM customer WHERE C_ID_STR = p_c_id_str;
      IF NOT FOUND THEN
        RETURN;
      END IF;
      v_c_id := r_by_str.c_id;
    ELSE
      SELECT C_ID, FF_AL_ID INTO r_by_ff FROM customer, frequent_flyer WHERE FF_C_ID_STR = p_ff_c_id_str AND FF_C_ID = C_ID;
      IF NOT FOUND THEN
        RETURN;
      END IF;
      v_c_id := r_by_ff.c_id;
      v_ff_al_id := r_by_ff.ff_al_id;
    END IF;
  END IF;
  SELECT C_SATTR00, C_SATTR02, C_SATTR04, C_IATTR00, C_IATTR02, C_IATTR04, C_IATTR06, F_SEATS_LEFT, R_ID, R_SEAT, R_PRICE, R_IATTR00 INTO r FROM customer, flight, reservation WHERE C_ID = v_c_id AND C_ID = R_C_ID AND F_ID = p_f_id AND F_ID = R_F_ID;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  v_c_iattr00 := r.c_iattr00 + 1;
  v_seats_left := r.f_seats_left;
  v_r_id := r.r_id;
  v_r_price := r.r_price;
  DELETE FROM reservation WHERE R_ID = v_r_id AND R_C_ID = v_c_id AND R_F_ID = p_f_id;
  UPDATE flight   SET F_SEATS_LEFT = F_SEATS_LEFT + 1  WHERE F_ID = p_f_id ;
  UPDATE customer   SET C_BALANCE = C_BALANCE + (-1 * v_r_price),        C_IATTR00 = v_c_iattr00,        C_IATTR10 = C_IATTR10 - 1,        C_IATTR11 = C_IATTR10 - 1  WHERE C_ID = v_c_id ;
  IF v_ff_al_id IS NOT NULL THEN
    UPDATE frequent_flyer   SET FF_IATTR10 = FF_IATTR10 - 1  WHERE FF_C_ID = v_c_id    AND FF_AL_ID = v_ff_al_id;
  END IF;
END
$$;

-- FindFlights: flights from an airport to it or up to two airports near it in a time window,
-- with both airports' details.
CREATE OR REPLACE FUNCTION find_flights(p_depart_aid bigint, p_arrive_aid bigint,
                                        p_start_date timestamp, p_end_date timestamp,
                                        p_distance bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  n int;
  v_aid1 bigint;
  v_aid2 bigint;
  r RECORD;
  f RECORD;
BEGIN
  n := 0;
  v_aid1 := 0;
  v_aid2 := 0;
  IF p_distance > 0 THEN
    FOR r IN SELECT *   FROM airport_distance WHERE D_AP_ID0 = p_depart_aid    AND D_DISTANCE <= p_distance  ORDER BY D_DISTANCE ASC  LOOP
      n := n + 1;
      IF n = 1 THEN
        v_aid1 := r.d_ap_id0;
      ELSIF n = 2 THEN
        v_aid2 := r.d_ap_id0;
      END IF;
    END LOOP;
  END IF;
  IF n = 0 THEN
    FOR f IN SELECT F_ID, F_AL_ID, F_SEATS_LEFT,  F_DEPART_AP_ID, F_DEPART_TIME, F_ARRIVE_AP_ID, F_ARRIVE_TIME,  AL_NAME, AL_IATTR00, AL_IATTR01  FROM flight, airline WHERE F_DEPART_AP_ID = p_depart_aid    AND F_DEPART_TIME >= p_start_date AND F_DEPART_TIME <= p_end_date    AND F_AL_ID = AL_ID    AND F_ARRIVE_AP_ID IN (p_arrive_aid) LOOP
      PERFORM AP_CODE, AP_NAME, AP_CITY, AP_LONGITUDE, AP_LATITUDE,  CO_ID, CO_NAME, CO_CODE_2, CO_CODE_3  FROM airport, country WHERE AP_ID = f.f_depart_ap_id AND AP_CO_ID = CO_ID ;
      PERFORM AP_CODE, AP_NAME, AP_CITY, AP_LONGITUDE, AP_LATITUDE,  CO_ID, CO_NAME, CO_CODE_2, CO_CODE_3  FROM airport, country WHERE AP_ID = f.f_arrive_ap_id AND AP_CO_ID = CO_ID ;
    END LOOP;
  ELSIF n = 1 THEN
    FOR f IN SELECT F_ID, F_AL_ID, F_SEATS_LEFT,  F_DEPART_AP_ID, F_DEPART_TIME, F_ARRIVE_AP_ID, F_ARRIVE_TIME,  AL_NAME, AL_IATTR00, AL_IATTR01  FROM flight, airline WHERE F_DEPART_AP_ID = p_depart_aid    AND F_DEPART_TIME >= p_start_date AND F_DEPART_TIME <= p_end_date    AND F_AL_ID = AL_ID    AND F_ARRIVE_AP_ID IN (p_arrive_aid, v_aid1) LOOP
      PERFORM AP_CODE, AP_NAME, AP_CITY, AP_LONGITUDE, AP_LATITUDE,  CO_ID, CO_NAME, CO_CODE_2, CO_CODE_3  FROM airport, country WHERE AP_ID = f.f_depart_ap_id AND AP_CO_ID = CO_ID ;
      PERFORM AP_CODE, AP_NAME, AP_CITY, AP_LONGITUDE, AP_LATITUDE,  CO_ID, CO_NAME, CO_CODE_2, CO_CODE_3  FROM airport, country WHERE AP_ID = f.f_arrive_ap_id AND AP_CO_ID = CO_ID ;
    END LOOP;
  ELSE
    FOR f IN SELECT F_ID, F_AL_ID, F_SEATS_LEFT,  F_DEPART_AP_ID, F_DEPART_TIME, F_ARRIVE_AP_ID, F_ARRIVE_TIME,  AL_NAME, AL_IATTR00, AL_IATTR01  FROM flight, airline WHERE F_DEPART_AP_ID = p_depart_aid    AND F_DEPART_TIME >= p_start_date AND F_DEPART_TIME <= p_end_date    AND F_AL_ID = AL_ID    AND F_ARRIVE_AP_ID IN (p_arrive_aid, v_aid1, v_aid2) LOOP
      PERFORM AP_CODE, AP_NAME, AP_CITY, AP_LONGITUDE, AP_LATITUDE,  CO_ID, CO_NAME, CO_CODE_2, CO_CODE_3  FROM airport, country WHERE AP_ID = f.f_depart_ap_id AND AP_CO_ID = CO_ID ;
      PERFORM AP_CODE, AP_NAME, AP_CITY, AP_LONGITUDE, AP_LATITUDE,  CO_ID, CO_NAME, CO_CODE_2, CO_CODE_3  FROM airport, country WHERE AP_ID = f.f_arrive_ap_id AND AP_CO_ID = CO_ID ;
    END LOOP;
  END IF;
END
$$;

-- FindOpenSeats: a flight's price data and its reserved seats (the seat map is Java-side).
CREATE OR REPLACE FUNCTION find_open_seats(p_f_id varchar) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
BEGIN
  SELECT F_STATUS, F_BASE_PRICE, F_SEATS_TOTAL, F_SEATS_LEFT, (F_BASE_PRICE + (F_BASE_PRICE * (1 - (F_SEATS_LEFT / F_SEATS_TOTAL)))) AS F_PRICE INTO r   FROM flight WHERE F_ID = p_f_id;
  PERFORM R_ID, R_F_ID, R_SEAT   FROM reservation WHERE R_F_ID = p_f_id;
END
$$;

-- NewReservation: check the flight has seats, the seat is free and the customer has none on it,
-- then insert the reservation and update the flight, the customer and the frequent-flyer row.
CREATE OR REPLACE FUNCTION new_reservation(p_r_id bigint, p_c_id varchar, p_f_id varchar,
                                           p_seatnum bigint, p_price float,
                                           p_attr0 bigint, p_attr1 bigint, p_attr2 bigint,
                                           p_attr3 bigint, p_attr4 bigint, p_attr5 bigint,
                                           p_attr6 bigint, p_attr7 bigint, p_attr8 bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  v_airline_id bigint;
  v_seats_left bigint;
BEGIN
  SELECT F_AL_ID, F_SEATS_LEFT, airline.* INTO r FROM flight, airline WHERE F_ID = p_f_id AND F_AL_ID = AL_ID;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  v_airline_id := r.f_al_id;
  v_seats_left := r.f_seats_left;
  IF v_seats_left <= 0 THEN
    RETURN;
  END IF;
  PERFORM R_ID   FROM reservation WHERE R_F_ID = p_f_id and R_SEAT = p_seatnum;
  IF FOUND THEN
    RETURN;
  END IF;
  PERFORM R_ID   FROM reservation WHERE R_F_ID = p_f_id AND R_C_ID = p_c_id;
  IF FOUND THEN
    RETURN;
  END IF;
  PERFORM C_BASE_AP_ID, C_BALANCE, C_SATTR00   FROM customer WHERE C_ID = p_c_id ;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO reservation (   R_ID,    R_C_ID,    R_F_ID,    R_SEAT,    R_PRICE,    R_IATTR00,    R_IATTR01,    R_IATTR02,    R_IATTR03,    R_IATTR04,    R_IATTR05,    R_IATTR06,    R_IATTR07,    R_IATTR08 ) VALUES (   p_r_id,    p_c_id,    p_f_id,    p_seatnum,    p_price,    p_attr0,    p_attr1,    p_attr2,    p_attr3,    p_attr4,    p_attr5,    p_attr6,    p_attr7,    p_attr8 );
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Failed to add reservation for flight #% - InsertReservation', p_f_id;
  END IF;
  UPDATE flight   SET F_SEATS_LEFT = F_SEATS_LEFT - 1  WHERE F_ID = p_f_id ;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Failed to add reservation for flight #% - UpdateFlight', p_f_id;
  END IF;
  UPDATE customer   SET C_IATTR10 = C_IATTR10 + 1,        C_IATTR11 = C_IATTR11 + 1,        C_IATTR12 = p_attr0,        C_IATTR13 = p_attr1,        C_IATTR14 = p_attr2,        C_IATTR15 = p_attr3  WHERE C_ID = p_c_id ;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Failed to add reservation for flight #% - UpdateCustomer', p_f_id;
  END IF;
  UPDATE frequent_flyer   SET FF_IATTR10 = FF_IATTR10 + 1,        FF_IATTR11 = p_attr4,        FF_IATTR12 = p_attr5,        FF_IATTR13 = p_attr6,        FF_IATTR14 = p_attr7  WHERE FF_C_ID = p_c_id    AND FF_AL_ID = v_airline_id;
END
$$;

-- UpdateCustomer: find the customer (by id or id string), read it and its base airport, update
-- its frequent-flyer rows if asked, then the customer.
CREATE OR REPLACE FUNCTION update_customer(p_c_id varchar, p_c_id_str varchar, p_update_ff bigint,
                                           p_attr0 bigint, p_attr1 bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_c_id varchar;
  r_by_str RECORD;
  r RECORD;
  ff RECORD;
  v_base_airport bigint;
BEGIN
  v_c_id := p_c_id;
  IF p_c_id IS NULL THEN
    SELECT C_ID INTO r_by_str   FROM customer WHERE C_ID_STR = p_c_id_str ;
    IF NOT FOUND THEN
      RETURN;
    END IF;
    v_c_id := r_by_str.c_id;
  END IF;
  SELECT * INTO r   FROM customer WHERE C_ID = v_c_id ;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  v_base_airport := r.c_base_ap_id;
  PERFORM *   FROM airport, country WHERE AP_ID = v_base_airport AND AP_CO_ID = CO_ID ;
  IF p_update_ff IS NOT NULL THEN
    FOR ff IN SELECT * FROM frequent_flyer WHERE FF_C_ID = v_c_id LOOP
      UPDATE frequent_flyer   SET FF_IATTR00 = p_attr0,        FF_IATTR01 = p_attr1  WHERE FF_C_ID = v_c_id    AND FF_AL_ID = ff.ff_al_id ;
    END LOOP;
  END IF;
  UPDATE customer   SET C_IATTR00 = p_attr0,        C_IATTR01 = p_attr1  WHERE C_ID = v_c_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Failed to update customer #%', v_c_id;
  END IF;
END
$$;

-- UpdateReservation: move a customer's reservation to a free seat and set one attribute.
CREATE OR REPLACE FUNCTION update_reservation(p_r_id bigint, p_f_id varchar, p_c_id varchar,
                                              p_seatnum bigint, p_attr_idx bigint,
                                              p_attr_val bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM R_ID   FROM reservation WHERE R_F_ID = p_f_id and R_SEAT = p_seatnum;
  IF FOUND THEN
    RETURN;
  END IF;
  PERFORM R_ID   FROM reservation WHERE R_F_ID = p_f_id AND R_C_ID = p_c_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF p_attr_idx = 0 THEN
    UPDATE reservation   SET R_SEAT = p_seatnum, R_IATTR00 = p_attr_val  WHERE R_ID = p_r_id AND R_C_ID = p_c_id AND R_F_ID = p_f_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Failed to update reservation on flight % for customer #%', p_f_id, p_c_id;
    END IF;
  ELSIF p_attr_idx = 1 THEN
    UPDATE reservation   SET R_SEAT = p_seatnum, R_IATTR01 = p_attr_val  WHERE R_ID = p_r_id AND R_C_ID = p_c_id AND R_F_ID = p_f_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Failed to update reservation on flight % for customer #%', p_f_id, p_c_id;
    END IF;
  ELSIF p_attr_idx = 2 THEN
    UPDATE reservation   SET R_SEAT = p_seatnum, R_IATTR02 = p_attr_val  WHERE R_ID = p_r_id AND R_C_ID = p_c_id AND R_F_ID = p_f_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Failed to update reservation on flight % for customer #%', p_f_id, p_c_id;
    END IF;
  ELSIF p_attr_idx = 3 THEN
    UPDATE reservation   SET R_SEAT = p_seatnum, R_IATTR03 = p_attr_val  WHERE R_ID = p_r_id AND R_C_ID = p_c_id AND R_F_ID = p_f_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'Failed to update reservation on flight % for customer #%', p_f_id, p_c_id;
    END IF;
  ELSE
    RAISE EXCEPTION 'Index % out of bounds for length 4', p_attr_idx;
  END IF;
END
$$;
