package isocheck.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The one indented JSON mapper of the reports, in a class of its own so that it is created only
 * when a report is rendered as JSON (or SARIF): Jackson's classes and an ObjectMapper cost a text
 * report 0.1–0.2 s of start-up when every report class held its own mapper in a static field
 * (benchmarks/RESULTS.md, stop 29). ObjectMapper is thread-safe once configured.
 */
final class JsonOutput {

    static final ObjectMapper MAPPER =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonOutput() {}
}
