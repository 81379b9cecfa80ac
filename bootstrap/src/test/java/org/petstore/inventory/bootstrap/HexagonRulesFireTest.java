package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.annotation.Controller;
import io.micronaut.serde.annotation.Serdeable;
import jakarta.inject.Singleton;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each rule of {@link HexagonRules} fails on the fixture hexagon, naming the class that breaks it, and holds on the
 * fixture classes that keep it. {@link HexagonalArchitectureTest} checks the same rules on the real classes.
 */
class HexagonRulesFireTest {

    private static final String FIXTURE_ROOT = "org.petstore.fixture.hexagon";
    private static final String DOMAIN = FIXTURE_ROOT + ".domain.";
    private static final String PORT_INBOUND = FIXTURE_ROOT + ".application.port.inbound.";
    private static final String PORT_OUTBOUND = FIXTURE_ROOT + ".application.port.outbound.";
    private static final String SERVICE = FIXTURE_ROOT + ".application.service.";
    private static final String ADAPTER_HTTP = FIXTURE_ROOT + ".adapter.http.";
    private static final String ADAPTER_PERSISTENCE = FIXTURE_ROOT + ".adapter.persistence.";
    private static final String ADAPTER_CLI = FIXTURE_ROOT + ".adapter.cli.";
    private static final HexagonRules RULES = new HexagonRules(FIXTURE_ROOT);

    /** The whole fixture hexagon: the classes that break a rule among the classes that keep them all. */
    private static JavaClasses fixtures;

    /** Only the fixture classes that keep every rule. */
    private static JavaClasses keepers;

    @BeforeAll
    static void compileAndImportFixtures(@TempDir Path classesDirectory) {
        fixtures = new ClassFileImporter().importPath(compileFixtures(classesDirectory));
        Set<String> keeperNames = Set.of(
                DOMAIN + "DomainException", DOMAIN + "InvalidName", DOMAIN + "Kind", DOMAIN + "Name",
                PORT_INBOUND + "RenameCommand", PORT_INBOUND + "RenameUseCase", PORT_OUTBOUND + "NameStore",
                SERVICE + "RenameService", ADAPTER_HTTP + "RenameController", ADAPTER_HTTP + "NameResponse",
                ADAPTER_PERSISTENCE + "InMemoryNameStore", ADAPTER_PERSISTENCE + "transfer.NameCopy",
                ADAPTER_CLI + "RenameCli");
        keepers = fixtures.that(DescribedPredicate.describe("keep every rule",
                javaClass -> keeperNames.contains(javaClass.getName())));
        assertEquals(keeperNames.size(), keepers.size(), "a keeper is missing from the fixture hexagon");
    }

    @Test
    void domainUsesOnlyJava() {
        assertFiresOn(RULES.domainUsesOnlyJava, DOMAIN + "Note");
    }

    @Test
    void applicationUsesOnlyDomainAndJava() {
        assertFiresOn(RULES.applicationUsesOnlyDomainAndJava, SERVICE + "AnnotatedService");
    }

    @Test
    void inboundPortsDoNotUseOutboundPorts() {
        assertFiresOn(RULES.inboundPortsDoNotUseOutboundPorts, PORT_INBOUND + "StoringUseCase");
    }

    @Test
    void outboundPortsDoNotUseInboundPorts() {
        assertFiresOn(RULES.outboundPortsDoNotUseInboundPorts, PORT_OUTBOUND + "CommandLog");
    }

    @Test
    void portsDoNotUseServices() {
        assertFiresOn(RULES.portsDoNotUseServices, PORT_INBOUND + "ServiceShapedUseCase");
    }

    @Test
    void adaptersReachServicesOnlyThroughPorts() {
        assertFiresOn(RULES.adaptersReachServicesOnlyThroughPorts, ADAPTER_HTTP + "ServiceCallingController");
    }

    @Test
    void controllersUseNoPersistenceTypes() {
        assertFiresOn(RULES.controllersUseNoPersistenceTypes, ADAPTER_HTTP + "SqlController");
    }

    @Test
    void commandLineAdapterUsesNoOtherAdapterNorTheWiring() {
        assertFiresOn(RULES.commandLineAdapterUsesNoOtherAdapterNorTheWiring, ADAPTER_CLI + "StoreReadingCli");
    }

    @Test
    void commandLineAdapterUsesNoHttpOrPersistenceTypes() {
        assertFiresOn(RULES.commandLineAdapterUsesNoHttpOrPersistenceTypes, ADAPTER_CLI + "JdbcCli");
    }

    @Test
    void persistenceAdapterUsesNoHttpTypes() {
        assertFiresOn(RULES.persistenceAdapterUsesNoHttpTypes, ADAPTER_PERSISTENCE + "StatusReportingStore");
    }

    @Test
    void domainThrowsOnlyDomainExceptions() {
        assertFiresOn(RULES.domainThrowsOnlyDomainExceptions, DOMAIN + "Identifier");
    }

    @Test
    void wireTypesLiveInTheHttpAdapter() {
        assertFiresOn(RULES.wireTypesLiveInTheHttpAdapter, ADAPTER_PERSISTENCE + "NameRow");
    }

    @Test
    void controllersAndPortImplementationsArePackagePrivate() {
        assertFiresOn(RULES.controllersAndPortImplementationsArePackagePrivate,
                ADAPTER_HTTP + "PublicController", ADAPTER_PERSISTENCE + "JdbcNameStore");
    }

    @Test
    void persistencePartsDoNotUseEachOther() {
        assertFiresOn(RULES.persistencePartsDoNotUseEachOther, ADAPTER_PERSISTENCE + "schema.NameSchema");
    }

    @Test
    void noPackageCycles() {
        assertFiresOn(RULES.noPackageCycles, ADAPTER_HTTP + "ping.Ping", ADAPTER_HTTP + "pong.Pong");
    }

    /**
     * Ping and Pong import each other. The ports and services of the fixture also form one loop: StoringUseCase and
     * CommandLog make the two ports packages import each other, ServiceShapedUseCase and RenameService make the
     * inbound ports and the services do.
     */
    @Test
    void sourceImportCyclesAreFound() {
        List<String> cycles = SourceImportCycles.read(FIXTURE_ROOT, List.of(resource("/hexagon-fixture"))).cycles();
        String all = String.join("\n", cycles);
        String ping = packageOf(ADAPTER_HTTP + "ping.");
        String pong = packageOf(ADAPTER_HTTP + "pong.");
        assertAll(
                () -> assertEquals(2, cycles.size(), all),
                () -> assertTrue(cycles.contains("packages [" + ping + ", " + pong + "] import each other in a loop:"
                        + "\n  " + ping + " -> " + pong + " (Ping.java)"
                        + "\n  " + pong + " -> " + ping + " (Pong.java)"), all),
                () -> assertTrue(cycles.stream().anyMatch(cycle -> cycle.startsWith("packages ["
                        + packageOf(PORT_INBOUND) + ", " + packageOf(PORT_OUTBOUND) + ", " + packageOf(SERVICE)
                        + "] import each other in a loop:")), all));
    }

    private static String packageOf(String prefix) {
        return prefix.substring(0, prefix.length() - 1);
    }

    /**
     * The rule fails on the fixture hexagon and its message names every offender; it holds on the keepers, which
     * also proves it is not the emptiness of its scope that makes it fail.
     */
    private static void assertFiresOn(ArchRule rule, String... offenders) {
        AssertionError violation = assertThrows(AssertionError.class, () -> rule.check(fixtures),
                "the rule '" + rule.getDescription() + "' let the fixture hexagon pass");
        String message = violation.getMessage();
        assertAll(
                () -> assertTrue(message.contains("was violated"), message),
                () -> assertAll(Arrays.stream(offenders).map(offender -> () -> assertTrue(
                        message.contains(offender + ">") || message.contains(offender + "."),
                        "the violation does not name " + offender + ":\n" + message))),
                () -> assertDoesNotThrow(() -> rule.check(keepers), "the rule fails on classes that keep it"));
    }

    /**
     * Compiles the fixture sources (test resources under {@code hexagon-fixture}) without annotation processing,
     * so that no bean definition or introspection of theirs ever reaches the classpath of the running service.
     */
    private static Path compileFixtures(Path classesDirectory) {
        Path sources = resource("/hexagon-fixture");
        List<String> arguments = new ArrayList<>(List.of(
                "-proc:none", "-implicit:none", "-d", classesDirectory.toString(), "-classpath", frameworkClasspath()));
        try (Stream<Path> files = Files.walk(sources)) {
            files.filter(file -> file.toString().endsWith(".java")).map(Path::toString).forEach(arguments::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int exitCode = ToolProvider.getSystemJavaCompiler()
                .run(null, diagnostics, diagnostics, arguments.toArray(String[]::new));
        assertEquals(0, exitCode, () -> "the fixture hexagon does not compile:\n" + diagnostics);
        return classesDirectory;
    }

    /** The jars of the framework types the fixtures break the rules with. */
    private static String frameworkClasspath() {
        return Stream.of(Controller.class, Serdeable.class, Nullable.class, Singleton.class)
                .map(type -> {
                    try {
                        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
                    } catch (URISyntaxException e) {
                        throw new IllegalStateException(e);
                    }
                })
                .distinct()
                .collect(Collectors.joining(File.pathSeparator));
    }

    private static Path resource(String name) {
        try {
            return Path.of(HexagonRulesFireTest.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
