package org.petstore.inventory.adapter.persistence.schema;

import io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration;
import io.micronaut.context.event.BeanInitializedEventListener;
import io.micronaut.context.event.BeanInitializingEvent;
import io.micronaut.context.exceptions.ConfigurationException;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;

/**
 * Checks the inventory database's URL as soon as the datasource's settings are read, before the pool loads a driver
 * for it, so that a start that cannot work says why: a database the service does not support, or, for the embedded H2
 * database, a directory for its files that cannot be created or written (H2 itself would first print stack traces
 * about its trace file). A missing directory is created, as H2 would.
 */
@Singleton
final class DatabaseUrlCheck implements BeanInitializedEventListener<DatasourceConfiguration> {

    /** The setting of the directory, as the message of a directory that cannot be used names it. */
    static final String DATA_DIR_PROPERTY = "petstore.data-dir";

    private final Optional<Path> dataDir;

    DatabaseUrlCheck(DataDirectoryConfiguration files) {
        this.dataDir = Optional.ofNullable(files.dataDir()).filter(dir -> !dir.isBlank())
                .flatMap(DatabaseUrlCheck::path);
    }

    @Override
    public DatasourceConfiguration onInitialized(BeanInitializingEvent<DatasourceConfiguration> event) {
        DatasourceConfiguration datasource = event.getBean();
        if ("default".equals(datasource.getName())) {
            check(datasource.getUrl());
        }
        return datasource;
    }

    void check(String url) {
        if (url == null || url.isBlank()) {
            throw new ConfigurationException(DatabaseBackend.URL_PROPERTY + " is not set: it must be a JDBC URL "
                    + "starting with jdbc:h2: (the embedded database) or jdbc:postgresql: (PostgreSQL)");
        }
        Optional<DatabaseBackend> backend = DatabaseBackend.forUrl(url);
        if (backend.isEmpty()) {
            throw new ConfigurationException(DatabaseBackend.URL_PROPERTY + " is '" + DatabaseBackend.redact(url)
                    + "', not a database the service supports: it must start with jdbc:h2: (the embedded "
                    + "database) or jdbc:postgresql: (PostgreSQL)");
        }
        if (backend.get() == DatabaseBackend.H2) {
            h2FileDirectory(url).ifPresent(this::requireWritable);
        }
    }

    private void requireWritable(Path directory) {
        String problem = null;
        try {
            Files.createDirectories(directory);
            if (!Files.isWritable(directory)) {
                problem = "it is not writable";
            }
        } catch (FileAlreadyExistsException e) {
            problem = e.getFile() + " is a file, not a directory";
        } catch (IOException | SecurityException e) {
            problem = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        if (problem != null) {
            String setting = dataDir.filter(directory::equals).isPresent()
                    ? "set " + DATA_DIR_PROPERTY + " to a directory the service may write"
                    : "correct the path in " + DatabaseBackend.URL_PROPERTY;
            throw new ConfigurationException("the directory of the embedded database, " + directory
                    + ", cannot be used (" + problem + "); " + setting);
        }
    }

    /**
     * The directory of the files of an H2 database kept in files ({@code jdbc:h2:file:<path>}, {@code jdbc:h2:<path>},
     * {@code ~} for the home directory); empty for one in memory or on a server.
     */
    static Optional<Path> h2FileDirectory(String url) {
        return h2Database(url).map(file -> file.getParent() == null ? Path.of(".") : file.getParent())
                .map(Path::normalize);
    }

    /**
     * The absolute path of an H2 database kept in files, without the extension H2 adds to its file
     * ({@code ./data/petstore} read from the working directory); empty for one in memory or on a server.
     */
    static Optional<Path> h2Database(String url) {
        String name = url.strip().substring("jdbc:h2:".length());
        int settings = name.indexOf(';');
        if (settings >= 0) {
            name = name.substring(0, settings);
        }
        if (name.regionMatches(true, 0, "file:", 0, "file:".length())) {
            name = name.substring("file:".length());
        } else if (name.toLowerCase(Locale.ROOT).matches("^[a-z]{2,}:.*")) {
            return Optional.empty();
        }
        if (name.startsWith("~")) {
            name = System.getProperty("user.home") + name.substring(1);
        }
        return path(name);
    }

    private static Optional<Path> path(String name) {
        try {
            return Optional.of(Path.of(name).toAbsolutePath().normalize());
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }
}
