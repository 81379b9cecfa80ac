package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.core.convert.ArgumentConversionContext;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.bind.binders.AnnotatedRequestArgumentBinder;
import io.micronaut.http.bind.binders.TypedRequestArgumentBinder;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;

/**
 * An {@code If-Match} or {@code If-None-Match} header as the request sent it: all its field lines, which RFC 9110 §5.3
 * reads as one comma-separated list; none when it was not sent. A controller's {@code @Header} argument of this type
 * is bound by {@link Binder}, once.
 */
record ConditionHeader(List<String> fieldLines) {

    ConditionHeader {
        fieldLines = List.copyOf(fieldLines);
    }

    boolean sent() {
        return !fieldLines.isEmpty();
    }

    /** The condition the header names: empty when it was not sent, or does not follow the grammar. */
    Optional<EntityTag.Condition> condition() {
        return sent() ? EntityTag.parseCondition(fieldLines) : Optional.empty();
    }

    /** Binds the header its {@code @Header} names. */
    @Singleton
    static final class Binder implements AnnotatedRequestArgumentBinder<Header, ConditionHeader>,
            TypedRequestArgumentBinder<ConditionHeader> {

        @Override
        public Class<Header> getAnnotationType() {
            return Header.class;
        }

        @Override
        public Argument<ConditionHeader> argumentType() {
            return Argument.of(ConditionHeader.class);
        }

        @Override
        public BindingResult<ConditionHeader> bind(ArgumentConversionContext<ConditionHeader> context,
                                                   HttpRequest<?> source) {
            String name = context.getAnnotationMetadata().stringValue(Header.class).orElseThrow();
            ConditionHeader header = new ConditionHeader(source.getHeaders().getAll(name));
            return () -> Optional.of(header);
        }
    }
}
