CREATE TABLE customer (c_id INT PRIMARY KEY, c_balance INT NOT NULL);
CREATE TABLE flight (f_id INT PRIMARY KEY, f_seats_left INT NOT NULL);
CREATE TABLE reservation (r_id INT PRIMARY KEY, r_c_id INT NOT NULL, r_f_id INT NOT NULL);
CREATE FUNCTION f(p INT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r RECORD;
BEGIN
  SELECT c_balance, r_id INTO r FROM customer, flight, reservation
   WHERE c_id = p AND c_id = r_c_id AND f_id = r_f_id AND f_id = c_id;
END
$$;
