package isocheck.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** The version string, filtered into the jar from the POM at build time. */
public final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() throws IOException {
        Properties properties = new Properties();
        try (InputStream in =
                VersionProvider.class.getResourceAsStream("/isocheck/version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        }
        return new String[] {"isocheck " + properties.getProperty("version", "unknown")};
    }
}
