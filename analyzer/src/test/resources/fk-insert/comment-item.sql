-- comment-item.sql: BenchBase AuctionMark's NewComment and NewItem in miniature (a comment's
-- FOREIGN KEY to its item, the comment id 2 when the item is found and 1 when not (AuctionMark:
-- one above the item's count, or 0; here within the explorer's domain {1, 2}), the seller's
-- counters): the oracle for parent_of_insert (ForeignKeyRules#parentsOfInserts), a
-- local set on FOUND (PathAssignment) and an UPDATE's one snapshot of an inserted row
-- (Encoder#insertFoundInSnapshot) at READ COMMITTED. PL/pgSQL, loadable into PostgreSQL unchanged.
-- A NewComment whose UPDATE of the item misses a NewItem's insert of it cannot have inserted its
-- comment before (the key needs the item): no such cycle on the server.

CREATE TABLE useracct (u_id INT PRIMARY KEY, u_balance INT NOT NULL, u_comments INT NOT NULL);
CREATE TABLE item (i_id INT PRIMARY KEY, i_u_id INT NOT NULL, i_num_comments INT);
CREATE TABLE item_comment (ic_id INT NOT NULL, ic_i_id INT NOT NULL REFERENCES item (i_id),
                           PRIMARY KEY (ic_id, ic_i_id));

CREATE FUNCTION new_comment(p_item INT, p_seller INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_num INT;
  v_ic_id INT;
BEGIN
  v_ic_id := 1;
  SELECT i_num_comments INTO v_num FROM item WHERE i_id = p_item;
  IF FOUND THEN
    v_ic_id := 2;
  END IF;
  INSERT INTO item_comment (ic_id, ic_i_id) VALUES (v_ic_id, p_item);
  UPDATE item SET i_num_comments = i_num_comments + 1 WHERE i_id = p_item;
  UPDATE useracct SET u_comments = u_comments + 1 WHERE u_id = p_seller;
END
$$;

CREATE FUNCTION new_item(p_item INT, p_seller INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item (i_id, i_u_id, i_num_comments) VALUES (p_item, p_seller, 0);
  UPDATE useracct SET u_balance = u_balance - 1 WHERE u_id = p_seller;
END
$$;
