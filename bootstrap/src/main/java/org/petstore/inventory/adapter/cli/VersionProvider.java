package org.petstore.inventory.adapter.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/** {@code --version}: the version the build wrote into {@code petstore-inventory-version.properties}. */
final class VersionProvider implements CommandLine.IVersionProvider {

    static final String RESOURCE = "/petstore-inventory-version.properties";

    @Override
    public String[] getVersion() {
        return new String[] {"petstore-inventory " + version()};
    }

    static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return "(unknown version)";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "(unknown version)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
