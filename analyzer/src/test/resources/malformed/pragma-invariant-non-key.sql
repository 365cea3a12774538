CREATE TABLE counter (id INT PRIMARY KEY, next INT NOT NULL);

-- @isocheck invariant counter.next < counter.next
TRANSACTION Bump(c INT) BEGIN
  UPDATE counter SET next = next + 1 WHERE id = :c;
END;
