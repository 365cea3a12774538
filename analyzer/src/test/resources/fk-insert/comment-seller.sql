-- comment-seller.sql: BenchBase AuctionMark's NewComment and NewItem in miniature, NewItem writing
-- the seller's row before it inserts the item (AuctionMark: both set useracct.u_updated): the
-- oracle for parent_of_insert's later statements (ForeignKeyRules#laterReadsOfParent) at READ
-- COMMITTED. A NewComment whose UPDATE of the item misses a NewItem's insert of it would close a
-- cycle with the NewItem's earlier write of the seller's row (NewItem -ww-> NewComment), but its
-- INSERT of the comment, before that UPDATE, passed the FOREIGN KEY check on the item: the item was
-- committed, and the UPDATE's later snapshot sees it. No run has that cycle. PL/pgSQL, loadable
-- into PostgreSQL unchanged.

CREATE TABLE useracct (u_id INT PRIMARY KEY, u_comments INT NOT NULL);
CREATE TABLE item (i_id INT PRIMARY KEY, i_num_comments INT NOT NULL);
CREATE TABLE item_comment (ic_id INT NOT NULL, ic_i_id INT NOT NULL REFERENCES item (i_id),
                           PRIMARY KEY (ic_id, ic_i_id));

CREATE FUNCTION new_comment(p_item INT, p_seller INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_comment (ic_id, ic_i_id) VALUES (1, p_item);
  UPDATE item SET i_num_comments = i_num_comments + 1 WHERE i_id = p_item;
  UPDATE useracct SET u_comments = u_comments + 1 WHERE u_id = p_seller;
END
$$;

CREATE FUNCTION new_item(p_item INT, p_seller INT) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE useracct SET u_comments = 0 WHERE u_id = p_seller;
  INSERT INTO item (i_id, i_num_comments) VALUES (p_item, 0);
END
$$;
