-- join3.sql: a three-table join (RunContract.aThreeTableJoinReadsTheMiddleTablesPredicate): Count's
-- MAX over a JOIN b JOIN c reads b by b_g = 1 and the b_ids a's matching rows point at, c by
-- the c_ids b's matching rows point at; Change and Requantify read the mark Count overwrites.
CREATE TABLE a (a_id INT PRIMARY KEY, a_b INT NOT NULL, a_f INT NOT NULL);
CREATE TABLE b (b_id INT PRIMARY KEY, b_c INT NOT NULL, b_g INT NOT NULL);
CREATE TABLE c (c_id INT PRIMARY KEY, c_q INT NOT NULL);
CREATE TABLE mark (m_id INT PRIMARY KEY, m INT NOT NULL);

TRANSACTION Count()
BEGIN
  SELECT MAX(c_q) INTO n FROM a JOIN b ON b_id = a_b JOIN c ON c_id = b_c WHERE a_f = 1 AND b_g = 1;
  UPDATE mark SET m = :n WHERE m_id = 1;
END;

TRANSACTION Change(x INT)
BEGIN
  SELECT m INTO v FROM mark WHERE m_id = 1;
  UPDATE b SET b_g = 1 WHERE b_id = :x;
END;

TRANSACTION Requantify(x INT, q INT)
BEGIN
  SELECT m INTO v FROM mark WHERE m_id = 1;
  UPDATE c SET c_q = :q WHERE c_id = :x;
END;
