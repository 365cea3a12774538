package isocheck.cli;

/**
 * The report formats the commands write; each command accepts the ones it can write ({@link
 * OutputFormatOption}).
 */
public enum OutputFormat {
    text,
    json,
    dot,
    sarif,
    markdown
}
