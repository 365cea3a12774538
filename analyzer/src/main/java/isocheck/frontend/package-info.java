/**
 * The front-end of program files: a lexer and recursive-descent parser for the control structure
 * (transactions, IF, FOREACH), JSqlParser for the SQL statements, name resolution and type
 * checking, producing the program IR; errors as file:line:col messages. It may depend on program
 * and JSqlParser only.
 */
package isocheck.frontend;
