/*
 * courseware.sql: the course-registration application ("Courseware") of
 * Nagar & Jagannathan (CONCUR 2018) §6, taken from Gotsman, Yang, Ferreira,
 * Najafzadeh, Shapiro, "'Cause I'm Strong Enough: Reasoning about Consistency
 * Choices in Distributed Systems" (POPL 2016).
 *
 * The application keeps students, courses and enrolments: it adds and removes
 * students and courses, and enrols a student in a course if both exist and
 * the course is below its capacity.  Application invariants: student names
 * and course names are unique; every enrolment names an existing student and
 * an existing course; a course's enrolments never exceed its capacity.
 *
 * Neither paper gives the code; this is our transcription of the prose of
 * Nagar & Jagannathan §6 (operations, capacities, the anomalies they report)
 * onto tables.  Choices and simplifications:
 *   * Ids (st_id, co_id) are chosen by the caller and assumed fresh; the
 *     programs enforce uniqueness of *names* (SELECT by name, INSERT only if
 *     none), which is the duplicate-name anomaly the paper reports.  A fresh
 *     id per insert is what a real client would draw from a sequence/UUID.
 *   * The enrolment count is stored in the course row (co_enrolled) and
 *     maintained by Enroll with a read-modify-write, next to the capacity
 *     (co_capacity).  A stored counter is what the paper's results imply:
 *     upgrading Enroll to PSI removes the over-capacity anomaly, which needs
 *     two Enrolls of one course to write a common field; counting the
 *     enrolment rows instead (SELECT COUNT) would leave a write skew that even
 *     SI allows.
 *   * RemStudent / RemCourse delete the student / course AND its enrolments
 *     (cascade), so that no enrolment names a removed student or course when
 *     removals run alone.  The paper's anomaly "a student is enrolled in a
 *     course which is being concurrently removed, or the student is being
 *     concurrently removed" is then a real serializability violation: Enroll
 *     reads the student/course the removal deletes, and the removal's DELETE
 *     of enrolments misses the enrolment Enroll inserts.
 *   * Removals do NOT decrement co_enrolled of the courses a removed student
 *     was enrolled in.  The counter is then an upper bound on the current
 *     enrolments, which still guarantees the capacity invariant (it only
 *     makes Enroll refuse early).  Decrementing would make RemStudent
 *     read-modify-write course counters, a lost update between removals that
 *     the paper does not report (it keeps RemStudent and RemCourse at EC).
 *   * Enroll does not test whether the student is already enrolled (the paper
 *     does not mention it); over JDBC a repeated (student, course) enrolment
 *     fails on the primary key and the transaction aborts.
 *   * A refused operation (duplicate name, missing student/course, full
 *     course) simply does nothing: the language has no ROLLBACK, and the
 *     operation writes nothing in that case.
 *   * No query/list operation: the paper's case study analyses only these
 *     five transactions.
 *
 * Expected (DESIGN.md §3): under EC, at k = 2, over-capacity enrolment
 * (Enroll x2), duplicate student / course names (AddStudent x2, AddCourse x2)
 * and enrolment during removal (Enroll with RemStudent / RemCourse).  With
 * Enroll at PSI plus selective serializability for AddCourse^2, AddStudent^2,
 * Enroll-RemCourse and Enroll-RemStudent, a long fork of two Enrolls at k = 4
 * (each sees only one of a new student and a new course); with Enroll at SI
 * instead, none.
 */

CREATE TABLE student (
  st_id       INT NOT NULL PRIMARY KEY,
  st_name     VARCHAR(32) NOT NULL
);

CREATE TABLE course (
  co_id       INT NOT NULL PRIMARY KEY,
  co_name     VARCHAR(32) NOT NULL,
  co_capacity INT NOT NULL,
  co_enrolled INT NOT NULL
);

CREATE TABLE enrollment (
  en_st_id    INT NOT NULL,
  en_co_id    INT NOT NULL,
  PRIMARY KEY (en_st_id, en_co_id)
);

-- Register a student, unless a student with that name exists.
TRANSACTION AddStudent(sid INT, name VARCHAR(32))
BEGIN
  SELECT st_id INTO same_name FROM student WHERE st_name = :name;
  IF same_name IS NULL THEN
    INSERT INTO student (st_id, st_name) VALUES (:sid, :name);
  END IF;
END;

-- Create a course with a capacity, unless a course with that name exists.
TRANSACTION AddCourse(cid INT, name VARCHAR(32), capacity INT)
BEGIN
  SELECT co_id INTO same_name FROM course WHERE co_name = :name;
  IF same_name IS NULL THEN
    INSERT INTO course (co_id, co_name, co_capacity, co_enrolled)
      VALUES (:cid, :name, :capacity, 0);
  END IF;
END;

-- Remove a student and its enrolments.
TRANSACTION RemStudent(sid INT)
BEGIN
  DELETE FROM student WHERE st_id = :sid;
  DELETE FROM enrollment WHERE en_st_id = :sid;
END;

-- Remove a course and its enrolments.
TRANSACTION RemCourse(cid INT)
BEGIN
  DELETE FROM course WHERE co_id = :cid;
  DELETE FROM enrollment WHERE en_co_id = :cid;
END;

-- Enrol student sid in course cid if both exist and the course is not full.
TRANSACTION Enroll(sid INT, cid INT)
BEGIN
  -- the student must exist (which column is read does not matter)
  SELECT st_name INTO st FROM student WHERE st_id = :sid;
  SELECT co_capacity, co_enrolled INTO co FROM course WHERE co_id = :cid;
  IF st IS NOT NULL AND co IS NOT NULL THEN
    IF co.co_enrolled < co.co_capacity THEN
      INSERT INTO enrollment (en_st_id, en_co_id) VALUES (:sid, :cid);
      UPDATE course SET co_enrolled = :co.co_enrolled + 1 WHERE co_id = :cid;
    END IF;
  END IF;
END;
