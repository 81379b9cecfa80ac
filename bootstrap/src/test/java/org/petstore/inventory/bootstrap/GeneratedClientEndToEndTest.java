package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.openapitools.jackson.nullable.JsonNullableModule;
import org.opentest4j.AssertionFailedError;

/**
 * A client generated from the OpenAPI document the running service serves works unmodified. The test does what a
 * user of the API does: it fetches the document from the service, generates a Java client from exactly that document
 * with OpenAPI Generator's command line ({@code java} generator, library {@code native}: java.net.http and Jackson),
 * compiles the generated sources together with a program written against them
 * ({@code generated-client-user/.../InventoryClientUser.java} in the test resources), and runs every use of that
 * program against the service, on H2 with the demo data. The build copies the generator's command-line jar from the
 * Maven registry into {@code target} (see this module's pom); nothing is fetched while the test runs.
 */
class GeneratedClientEndToEndTest {

    /** The generator's command-line jar, copied by the build. */
    static final String GENERATOR_JAR_PROPERTY = "petstore.test.openapi-generator-cli";

    static final String CLIENT_PACKAGE = "com.example.petstore.client";
    static final String USER_CLASS = "com.example.petstore.usage.InventoryClientUser";

    @TempDir
    static Path dataDir;

    static RunningService service;
    static Path workDir;
    static String generatorOutput;
    static List<Diagnostic<? extends JavaFileObject>> compilerDiagnostics;
    static URLClassLoader clientClasses;

    @BeforeAll
    static void generateTheClientFromTheServedDocumentAndCompileIt() throws IOException, InterruptedException {
        service = RunningService.start(Backend.h2(dataDir));
        workDir = Path.of("target", "generated-client").toAbsolutePath();
        deleteRecursively(workDir);
        Files.createDirectories(workDir);

        HttpResponse<String> document = service.send(service.anonymousRequest("/v1/openapi.yml").build());
        assertEquals(200, document.statusCode(), "the document is served without a key");
        Path documentFile = Files.writeString(workDir.resolve("openapi.yml"), document.body());

        Path clientDir = workDir.resolve("client");
        generatorOutput = generate(documentFile, clientDir);

        Path classesDir = Files.createDirectories(workDir.resolve("classes"));
        compilerDiagnostics = compile(clientDir.resolve("src/main/java"), userProgram(), classesDir);
        clientClasses = new URLClassLoader(new URL[] {classesDir.toUri().toURL()},
                GeneratedClientEndToEndTest.class.getClassLoader());
    }

    @AfterAll
    static void stop() throws IOException {
        if (clientClasses != null) {
            clientClasses.close();
        }
        if (service != null) {
            service.close();
        }
    }

    @Test
    void theGeneratorAcceptsTheDocumentWithoutAWarning() {
        List<String> warnings = generatorOutput.lines().filter(line -> line.contains(" WARN ")).toList();
        assertEquals(List.of(), warnings, generatorOutput);
    }

    @Test
    void theGeneratedClientCompilesAndTellsItsUserThatThePetLookupIsDeprecated() {
        List<String> errors = compilerDiagnostics.stream()
                .filter(diagnostic -> diagnostic.getKind() == Diagnostic.Kind.ERROR)
                .map(GeneratedClientEndToEndTest::describe)
                .toList();
        assertEquals(List.of(), errors);

        List<String> warningsInTheUsersProgram = compilerDiagnostics.stream()
                .filter(diagnostic -> diagnostic.getKind() == Diagnostic.Kind.WARNING
                        || diagnostic.getKind() == Diagnostic.Kind.MANDATORY_WARNING)
                .filter(diagnostic -> diagnostic.getSource() != null
                        && diagnostic.getSource().getName().endsWith("InventoryClientUser.java"))
                .map(diagnostic -> diagnostic.getMessage(Locale.ROOT))
                .toList();
        assertEquals(List.of("getPetByIdWithHttpInfo(java.lang.Long) in " + CLIENT_PACKAGE
                + ".api.PetApi has been deprecated"), warningsInTheUsersProgram);
    }

    /** Every public method of the user's program, run against the service; each leaves the stock as it was. */
    @TestFactory
    Stream<DynamicTest> theUsersProgramWorksAgainstTheService() throws ClassNotFoundException {
        Class<?> user = clientClasses.loadClass(USER_CLASS);
        List<Method> uses = Arrays.stream(user.getDeclaredMethods())
                .filter(method -> Modifier.isPublic(method.getModifiers()) && !Modifier.isStatic(method.getModifiers()))
                .sorted(Comparator.comparing(Method::getName))
                .toList();
        assertFalse(uses.isEmpty(), "the program has uses to run");
        return uses.stream().map(use -> DynamicTest.dynamicTest(use.getName(), () -> {
            Object program = user.getConstructor(String.class, String.class)
                    .newInstance("http://localhost:" + service.port(), RunningService.API_KEY);
            try {
                use.invoke(program);
            } catch (InvocationTargetException e) {
                throw new AssertionFailedError(use.getName() + ": " + e.getCause().getMessage(), e.getCause());
            }
            assertEquals(InventoryApiEndToEndTest.DEMO_INVENTORY, service.get("/v1/inventory").body(),
                    "the use leaves the stock as it was");
        }));
    }

    /** Runs OpenAPI Generator's command line in a JVM of its own, as a user runs it, and returns what it printed. */
    private static String generate(Path document, Path clientDir) throws IOException, InterruptedException {
        String jar = System.getProperty(GENERATOR_JAR_PROPERTY);
        assertNotNull(jar, "the build passes the generator's jar in the system property " + GENERATOR_JAR_PROPERTY
                + " (run the test through Maven)");
        assertTrue(Files.isRegularFile(Path.of(jar)), jar + " exists");
        Path log = workDir.resolve("generator.log");
        Process generator = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // a short-lived tool: the first JIT tier alone halves its run time
                "-XX:TieredStopAtLevel=1",
                "-jar", jar, "generate",
                "--input-spec", document.toString(),
                "--generator-name", "java",
                "--library", "native",
                "--output", clientDir.toString(),
                "--invoker-package", CLIENT_PACKAGE,
                "--api-package", CLIENT_PACKAGE + ".api",
                "--model-package", CLIENT_PACKAGE + ".model",
                // jakarta.annotation instead of javax.annotation: the service's classpath already has it
                "--additional-properties", "useJakartaEe=true",
                // the sources only: no generated tests or Markdown docs
                "--global-property", "apiTests=false,modelTests=false,apiDocs=false,modelDocs=false")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!generator.waitFor(5, TimeUnit.MINUTES)) {
            generator.destroyForcibly();
            fail("the generator did not finish within 5 minutes:\n" + Files.readString(log));
        }
        String output = Files.readString(log);
        assertEquals(0, generator.exitValue(), () -> "the generator failed:\n" + output);
        return output;
    }

    /**
     * Compiles the generated sources, exactly as generated, and the user's program, against the libraries the
     * generated client declares (Jackson with its java.time and nullable modules, the Jakarta annotations) and
     * JUnit's assertions, which the program uses to check what it sees.
     */
    private static List<Diagnostic<? extends JavaFileObject>> compile(Path clientSources, Path userProgram,
                                                                      Path classesDir) throws IOException {
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(clientSources)) {
            files.filter(file -> file.toString().endsWith(".java")).forEach(sources::add);
        }
        assertTrue(sources.stream().anyMatch(file -> file.endsWith("api/InventoryApi.java")),
                () -> "the generator wrote the inventory API: " + sources);
        sources.add(userProgram);

        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            List<String> options = List.of("-proc:none", "-Xlint:deprecation", "-d", classesDir.toString(),
                    "-classpath", clientClasspath());
            boolean compiled = compiler.getTask(null, files, diagnostics, options, null,
                    files.getJavaFileObjectsFromPaths(sources)).call();
            assertTrue(compiled, () -> "the generated client and the program using it do not compile:\n"
                    + diagnostics.getDiagnostics().stream().map(GeneratedClientEndToEndTest::describe)
                            .collect(Collectors.joining("\n")));
        }
        return diagnostics.getDiagnostics();
    }

    /** The generated client's dependencies, as its generated pom.xml lists them, and JUnit's assertions. */
    private static String clientClasspath() {
        return Stream.of(ObjectMapper.class, JsonParser.class, JsonProperty.class, JavaTimeModule.class,
                        JsonNullableModule.class, jakarta.annotation.Generated.class,
                        Assertions.class, AssertionFailedError.class, org.apiguardian.api.API.class)
                .map(GeneratedClientEndToEndTest::jarOf)
                .distinct()
                .collect(Collectors.joining(File.pathSeparator));
    }

    private static String jarOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path userProgram() {
        String name = "/generated-client-user/" + USER_CLASS.replace('.', '/') + ".java";
        try {
            return Path.of(Optional.ofNullable(GeneratedClientEndToEndTest.class.getResource(name))
                    .orElseThrow(() -> new AssertionFailedError(name + " is a test resource")).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String describe(Diagnostic<? extends JavaFileObject> diagnostic) {
        return diagnostic.getKind() + " " + (diagnostic.getSource() == null ? "" : diagnostic.getSource().getName()
                + ":" + diagnostic.getLineNumber() + " ") + diagnostic.getMessage(Locale.ROOT);
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
