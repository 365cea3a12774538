CREATE TABLE account (id INT PRIMARY KEY, balance INT NOT NULL);

-- @isocheck assume serializable
TRANSACTION Read(i INT) BEGIN
  SELECT balance INTO b FROM account WHERE id = :i;
END;
