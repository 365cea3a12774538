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
 * Nagar & Jagannathan §6 (operations, capacities, the anomalies they report,
 * and their results under the upgraded specs) onto tables.  Where the prose
 * leaves a choice open, we take the one the paper's results require, and say
 * so.  Choices and simplifications:
 *   * A student is identified by its name, and so is a course: the name is
 *     the primary key, and AddStudent / AddCourse check "a student / course
 *     with that name exists" by reading that one key (paper §3.1: a WHERE
 *     clause on the key selects one record).  The duplicate-name anomaly of
 *     the paper is then two AddStudents (AddCourses) that both find the name
 *     free and both register it.  (An earlier version kept integer ids and
 *     checked names with a predicate over every row: that makes each name
 *     check read the Alive of every student/course, so a removal of one
 *     course conflicts with every AddCourse, and under the paper's hybrid
 *     (AddCourse and RemCourse at EC) AddCourse, RemCourse, AddCourse form a
 *     real 3-cycle, which the paper does not report.)
 *   * The enrolment count is stored in the course row (co_enrolled) and
 *     maintained by Enroll with a read-modify-write, next to the capacity
 *     (co_capacity).  A stored counter is what the paper's results imply:
 *     upgrading Enroll to PSI removes the over-capacity anomaly, which needs
 *     two Enrolls of one course to write a common field; counting the
 *     enrolment rows instead (SELECT COUNT) would leave a write skew that even
 *     SI allows.
 *   * Enroll reads the student and the course (its capacity) first, both
 *     unconditionally -- the paper's long fork has one Enroll see the student
 *     but not the course and the other the course but not the student -- and
 *     reads the counter only once both exist, just before it increments it.
 *     (Reading the counter unconditionally makes an Enroll that fails for a
 *     missing student read the counter of an Enroll it sees, so Enroll at PSI,
 *     which is not causal, would allow 3-cycles the paper does not report.)
 *   * RemStudent / RemCourse remove the student / course only if it has no
 *     enrolments (they read the enrolments by the key prefix, a predicate on
 *     the key).  The paper's anomaly "a student is enrolled in a course which
 *     is being concurrently removed, or the student is being concurrently
 *     removed" is then a serializability violation at k = 2 (write skew: the
 *     removal finds no enrolment, the Enroll finds the student / course).
 *     Cascading the removal to the enrolments instead would make a removal
 *     write enrolments it sees while not seeing the insertion of the student
 *     or course they name: a real 3-cycle under the paper's hybrid, which it
 *     does not report.  A student or course with enrolments therefore cannot
 *     be removed (the paper has no un-enrol operation).
 *   * Removals touch no counter (a course is removed only when empty).
 *   * Enroll does not test whether the student is already enrolled (the paper
 *     does not mention it); over JDBC a repeated (student, course) enrolment
 *     fails on the primary key and the transaction aborts.
 *   * A refused operation (duplicate name, missing student/course, full
 *     course, a removal with enrolments) simply does nothing: the language
 *     has no ROLLBACK, and the operation writes nothing in that case.
 *   * No query/list operation: the paper's case study analyses only these
 *     five transactions.
 *   * The hybrid rows are analysed with --assume-unique-keys: a name is
 *     registered at most once in an execution.  Under the hybrids two
 *     AddStudents (AddCourses) are serializable, so this only excludes
 *     registering a name again after its removal.  Without it, a 3-cycle
 *     remains in which an Enroll reads the capacity of one incarnation of a
 *     course and the counter of the next (benchmarks/RESULTS.md).
 *
 * Expected (Nagar & Jagannathan, CONCUR 2018, §6): under EC, at k = 2, over-capacity enrolment
 * (Enroll x2), duplicate student / course names (AddStudent x2, AddCourse x2)
 * and enrolment during removal (Enroll with RemStudent / RemCourse).  With
 * Enroll at PSI plus selective serializability for AddCourse^2, AddStudent^2,
 * Enroll-RemCourse and Enroll-RemStudent, a long fork of two Enrolls at k = 4
 * (each sees only one of a new student and a new course); with Enroll at SI
 * instead, none.
 */

CREATE TABLE student (
  st_name     VARCHAR(32) NOT NULL PRIMARY KEY
);

CREATE TABLE course (
  co_name     VARCHAR(32) NOT NULL PRIMARY KEY,
  co_capacity INT NOT NULL,
  co_enrolled INT NOT NULL
);

CREATE TABLE enrollment (
  en_student  VARCHAR(32) NOT NULL,
  en_course   VARCHAR(32) NOT NULL,
  PRIMARY KEY (en_student, en_course)
);

-- Register a student, unless a student with that name exists.
TRANSACTION AddStudent(name VARCHAR(32))
BEGIN
  SELECT st_name INTO same_name FROM student WHERE st_name = :name;
  IF same_name IS NULL THEN
    INSERT INTO student (st_name) VALUES (:name);
  END IF;
END;

-- Create a course with a capacity, unless a course with that name exists.
TRANSACTION AddCourse(name VARCHAR(32), capacity INT)
BEGIN
  SELECT co_name INTO same_name FROM course WHERE co_name = :name;
  IF same_name IS NULL THEN
    INSERT INTO course (co_name, co_capacity, co_enrolled) VALUES (:name, :capacity, 0);
  END IF;
END;

-- Remove a student, unless it is enrolled in a course.
TRANSACTION RemStudent(name VARCHAR(32))
BEGIN
  SELECT en_course INTO enrolled FROM enrollment WHERE en_student = :name;
  IF enrolled IS NULL THEN
    DELETE FROM student WHERE st_name = :name;
  END IF;
END;

-- Remove a course, unless a student is enrolled in it.
TRANSACTION RemCourse(name VARCHAR(32))
BEGIN
  SELECT en_student INTO enrolled FROM enrollment WHERE en_course = :name;
  IF enrolled IS NULL THEN
    DELETE FROM course WHERE co_name = :name;
  END IF;
END;

-- Enrol a student in a course if both exist and the course is not full.
TRANSACTION Enroll(student VARCHAR(32), course VARCHAR(32))
BEGIN
  SELECT st_name INTO st FROM student WHERE st_name = :student;
  SELECT co_capacity INTO capacity FROM course WHERE co_name = :course;
  IF st IS NOT NULL AND capacity IS NOT NULL THEN
    SELECT co_enrolled INTO enrolled FROM course WHERE co_name = :course;
    IF enrolled < capacity THEN
      INSERT INTO enrollment (en_student, en_course) VALUES (:student, :course);
      UPDATE course SET co_enrolled = :enrolled + 1 WHERE co_name = :course;
    END IF;
  END IF;
END;
