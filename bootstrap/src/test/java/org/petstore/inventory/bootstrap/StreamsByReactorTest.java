package org.petstore.inventory.bootstrap;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * Streams are written with Reactor, which keeps the Reactive Streams rules (demand, cancellation, one signal at a
 * time): no main class implements a {@code Publisher}, {@code Subscription} or {@code Subscriber} by hand.
 */
class StreamsByReactorTest {

    private static final ArchRule NO_HAND_WRITTEN_STREAMS = noClasses()
            .should().implement(Publisher.class)
            .orShould().implement(Subscription.class)
            .orShould().implement(Subscriber.class)
            .because("streams are written with Reactor's operators (Flux.generate, publishOn, ...)");

    @Test
    void noMainClassImplementsReactiveStreamsByHand() {
        NO_HAND_WRITTEN_STREAMS.check(new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.petstore.inventory"));
    }

    @Test
    void theRuleFiresOnAHandWrittenSubscription() {
        assertThrows(AssertionError.class, () -> NO_HAND_WRITTEN_STREAMS.check(
                new ClassFileImporter().importClasses(HandWritten.class)));
    }

    /** What the rule refuses. */
    private static final class HandWritten implements Subscription {
        @Override
        public void request(long n) {
        }

        @Override
        public void cancel() {
        }
    }
}
