package org.petstore.inventory.bootstrap;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The dependency rules of the hexagon (DESIGN.md), checked on the compiled classes of all five modules. The Maven
 * module graph already forbids most wrong dependencies at compile time; these rules also hold inside a module and
 * name each rule, so a violation says which one it breaks. Annotations count as dependencies, so the rules on
 * domain and application also keep framework annotations out of them.
 */
class HexagonalArchitectureTest {

    private static final String ROOT = "org.petstore.inventory";
    private static final String DOMAIN = ROOT + ".domain..";
    private static final String APPLICATION = ROOT + ".application..";
    private static final String PORT_IN = ROOT + ".application.port.inbound..";
    private static final String PORT_OUT = ROOT + ".application.port.outbound..";
    private static final String SERVICE = ROOT + ".application.service..";
    private static final String HTTP_ADAPTER = ROOT + ".adapter.http..";
    private static final String PERSISTENCE_ADAPTER = ROOT + ".adapter.persistence..";
    private static final String ADAPTERS = ROOT + ".adapter..";
    private static final String BOOTSTRAP = ROOT + ".bootstrap..";

    private static JavaClasses classes;

    @BeforeAll
    static void importProductionClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(ROOT);
    }

    @ParameterizedTest(name = "classes of {0} are imported")
    @ValueSource(strings = {DOMAIN, PORT_IN, PORT_OUT, SERVICE, HTTP_ADAPTER, PERSISTENCE_ADAPTER, BOOTSTRAP})
    void rulesAreNotVacuous(String packageIdentifier) {
        assertFalse(classes.that(JavaClass.Predicates.resideInAPackage(packageIdentifier)).isEmpty(),
                "no class of " + packageIdentifier + " was imported: the rules below would check nothing there");
    }

    @Test
    void domainDependsOnNothingButJava() {
        classes().that().resideInAPackage(DOMAIN)
                .should().onlyDependOnClassesThat().resideInAnyPackage(DOMAIN, "java..")
                .check(classes);
    }

    @Test
    void applicationDependsOnlyOnDomainAndJava() {
        classes().that().resideInAPackage(APPLICATION)
                .should().onlyDependOnClassesThat().resideInAnyPackage(APPLICATION, DOMAIN, "java..")
                .check(classes);
    }

    @Test
    void inboundPortsDoNotDependOnOutboundPorts() {
        noClasses().that().resideInAPackage(PORT_IN)
                .should().dependOnClassesThat().resideInAPackage(PORT_OUT)
                .check(classes);
    }

    @Test
    void outboundPortsDoNotDependOnInboundPorts() {
        noClasses().that().resideInAPackage(PORT_OUT)
                .should().dependOnClassesThat().resideInAPackage(PORT_IN)
                .check(classes);
    }

    @Test
    void portsDoNotDependOnServices() {
        noClasses().that().resideInAnyPackage(PORT_IN, PORT_OUT)
                .should().dependOnClassesThat().resideInAPackage(SERVICE)
                .check(classes);
    }

    @Test
    void adaptersUseOnlyPortsNeverServices() {
        noClasses().that().resideInAPackage(ADAPTERS)
                .should().dependOnClassesThat().resideInAPackage(SERVICE)
                .check(classes);
    }

    @Test
    void httpAdapterDoesNotDependOnPersistenceAdapter() {
        noClasses().that().resideInAPackage(HTTP_ADAPTER)
                .should().dependOnClassesThat().resideInAPackage(PERSISTENCE_ADAPTER)
                .check(classes);
    }

    @Test
    void persistenceAdapterDoesNotDependOnHttpAdapter() {
        noClasses().that().resideInAPackage(PERSISTENCE_ADAPTER)
                .should().dependOnClassesThat().resideInAPackage(HTTP_ADAPTER)
                .check(classes);
    }

    @Test
    void nothingButBootstrapDependsOnBootstrap() {
        noClasses().that().resideOutsideOfPackage(BOOTSTRAP)
                .should().dependOnClassesThat().resideInAPackage(BOOTSTRAP)
                .check(classes);
    }
}
