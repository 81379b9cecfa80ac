package org.petstore.inventory.adapter.http;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/**
 * The rooms of the HTTP adapter: no package imports another in a circle, and the shaping of error bodies reaches
 * into no other room (transport and security report to it, not the other way round). Each rule is also run on a
 * small fixture that breaks it, so it is known to fire.
 */
class HttpAdapterPackagesTest {

    private static final String ADAPTER = "org.petstore.inventory.adapter.http";
    private static final String BROKEN_FIXTURE = "org.petstore.inventory.fixture.http";

    private static final JavaClasses ADAPTER_CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ADAPTER);
    private static final JavaClasses FIXTURE_CLASSES = new ClassFileImporter().importPackages(BROKEN_FIXTURE);

    static ArchRule noImportCircles(String root) {
        return slices().matching(root + ".(*)..").should().beFreeOfCycles();
    }

    static ArchRule errorShapingDependsOnNoOtherPackageOfTheAdapter(String root) {
        return classes().that().resideInAPackage(root + ".error..")
                .should().onlyDependOnClassesThat(resideInAPackage(root + ".error..")
                        .or(not(resideInAPackage(root + ".."))));
    }

    @Test
    void theAdapterHasNoImportCircle() {
        noImportCircles(ADAPTER).check(ADAPTER_CLASSES);
    }

    @Test
    void errorShapingReachesIntoNoOtherPackage() {
        assertFalse(ADAPTER_CLASSES.that(resideInAPackage(ADAPTER + ".error..")).isEmpty(), "error classes imported");
        errorShapingDependsOnNoOtherPackageOfTheAdapter(ADAPTER).check(ADAPTER_CLASSES);
    }

    @Test
    void anImportCircleIsReported() {
        EvaluationResult result = noImportCircles(BROKEN_FIXTURE).evaluate(FIXTURE_CLASSES);

        assertTrue(result.hasViolation());
        assertTrue(result.getFailureReport().toString().contains("Cycle detected: Slice openapi"),
                result.getFailureReport()::toString);
    }

    @Test
    void errorShapingThatReachesIntoSecurityIsReported() {
        EvaluationResult result = errorShapingDependsOnNoOtherPackageOfTheAdapter(BROKEN_FIXTURE)
                .evaluate(FIXTURE_CLASSES);

        assertTrue(result.hasViolation());
        assertTrue(result.getFailureReport().toString().contains(BROKEN_FIXTURE + ".security.Credentials"),
                result.getFailureReport()::toString);
    }
}
