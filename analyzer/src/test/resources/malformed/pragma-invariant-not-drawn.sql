CREATE TABLE counter (id INT PRIMARY KEY, next INT NOT NULL);
CREATE TABLE item (cid INT, n INT, PRIMARY KEY (cid, n));

  -- @isocheck invariant item.n < counter.next
TRANSACTION Add(c INT, k INT) BEGIN
  INSERT INTO item (cid, n) VALUES (:c, :k);
END;
