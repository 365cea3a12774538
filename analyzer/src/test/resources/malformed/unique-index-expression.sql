CREATE TABLE users (user_id INT PRIMARY KEY, email VARCHAR(64) NOT NULL);
CREATE UNIQUE INDEX users_email ON users (lower(email));
TRANSACTION t(id INT)
BEGIN
  SKIP;
END;
