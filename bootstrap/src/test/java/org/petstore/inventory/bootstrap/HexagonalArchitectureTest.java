package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules of the hexagon ({@link HexagonRules}) hold on the compiled main classes of all five modules.
 * {@link HexagonRulesFireTest} shows that each of these rules fails on classes that break it.
 */
class HexagonalArchitectureTest {

    private static final HexagonRules RULES = HexagonRules.OF_THE_SERVICE;

    private static JavaClasses classes;

    @BeforeAll
    static void importProductionClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.petstore.inventory");
    }

    static List<String> rings() {
        return List.of(RULES.domain, RULES.portInbound, RULES.portOutbound, RULES.service, RULES.httpAdapter,
                RULES.persistenceAdapter, RULES.commandLineAdapter, RULES.bootstrap);
    }

    @ParameterizedTest(name = "classes of {0} are imported")
    @MethodSource("rings")
    void rulesAreNotVacuous(String packageIdentifier) {
        assertFalse(classes.that(JavaClass.Predicates.resideInAPackage(packageIdentifier)).isEmpty(),
                "no class of " + packageIdentifier + " was imported: the rules would check nothing there");
    }

    @Test
    void domainUsesOnlyJava() {
        RULES.domainUsesOnlyJava.check(classes);
    }

    @Test
    void applicationUsesOnlyDomainAndJava() {
        RULES.applicationUsesOnlyDomainAndJava.check(classes);
    }

    @Test
    void inboundPortsDoNotUseOutboundPorts() {
        RULES.inboundPortsDoNotUseOutboundPorts.check(classes);
    }

    @Test
    void outboundPortsDoNotUseInboundPorts() {
        RULES.outboundPortsDoNotUseInboundPorts.check(classes);
    }

    @Test
    void portsDoNotUseServices() {
        RULES.portsDoNotUseServices.check(classes);
    }

    @Test
    void adaptersReachServicesOnlyThroughPorts() {
        RULES.adaptersReachServicesOnlyThroughPorts.check(classes);
    }

    @Test
    void controllersUseNoPersistenceTypes() {
        RULES.controllersUseNoPersistenceTypes.check(classes);
    }

    @Test
    void commandLineAdapterUsesNoOtherAdapterNorTheWiring() {
        RULES.commandLineAdapterUsesNoOtherAdapterNorTheWiring.check(classes);
    }

    @Test
    void commandLineAdapterUsesNoHttpOrPersistenceTypes() {
        RULES.commandLineAdapterUsesNoHttpOrPersistenceTypes.check(classes);
    }

    @Test
    void persistenceAdapterUsesNoHttpTypes() {
        RULES.persistenceAdapterUsesNoHttpTypes.check(classes);
    }

    @Test
    void domainThrowsOnlyDomainExceptions() {
        RULES.domainThrowsOnlyDomainExceptions.check(classes);
    }

    @Test
    void wireTypesLiveInTheHttpAdapter() {
        RULES.wireTypesLiveInTheHttpAdapter.check(classes);
    }

    @Test
    void controllersAndPortImplementationsArePackagePrivate() {
        RULES.controllersAndPortImplementationsArePackagePrivate.check(classes);
    }

    @Test
    void noPackageCycles() {
        RULES.noPackageCycles.check(classes);
    }

    @Test
    void persistencePartsDoNotUseEachOther() {
        RULES.persistencePartsDoNotUseEachOther.check(classes);
    }

    @Test
    void sourcesImportNoPackageCycle() {
        SourceImportCycles sources = SourceImportCycles.read("org.petstore.inventory", mainSourceRoots());
        assertFalse(sources.isEmpty(), "no import between packages of the service was read");
        List<String> cycles = sources.cycles();
        assertTrue(cycles.isEmpty(), () -> String.join("\n", cycles));
    }

    /** {@code src/main/java} of every module, found from this class's output folder, {@code bootstrap/target}. */
    private static List<Path> mainSourceRoots() {
        Path project;
        try {
            Path testClasses = Path.of(HexagonalArchitectureTest.class.getProtectionDomain().getCodeSource()
                    .getLocation().toURI());
            project = testClasses.getParent().getParent().getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        try (Stream<Path> modules = Files.list(project)) {
            List<Path> roots = modules.map(module -> module.resolve("src/main/java"))
                    .filter(Files::isDirectory).sorted().toList();
            assertEquals(5, roots.size(), () -> "expected the sources of five modules, found " + roots);
            return roots;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
