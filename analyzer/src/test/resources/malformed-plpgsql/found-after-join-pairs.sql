CREATE TABLE facility (s_id INT, t INT, active INT NOT NULL, PRIMARY KEY (s_id, t));
CREATE TABLE forwarding (s_id INT, t INT, num INT NOT NULL, PRIMARY KEY (s_id, t));
CREATE FUNCTION f(p INT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fw.num FROM facility f, forwarding fw WHERE f.s_id = p AND fw.s_id = f.s_id AND fw.t = f.t;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'none';
  END IF;
END
$$;
