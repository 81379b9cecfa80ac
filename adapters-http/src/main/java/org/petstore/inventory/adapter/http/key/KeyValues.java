package org.petstore.inventory.adapter.http.key;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.type.Argument;
import io.micronaut.serde.Decoder;
import io.micronaut.serde.Deserializer;
import io.micronaut.serde.exceptions.SerdeException;
import jakarta.inject.Singleton;
import java.io.IOException;
import org.petstore.inventory.adapter.http.body.StrictValues;
import org.petstore.inventory.domain.quota.Quota;

/**
 * The values of the key API's bodies that only they have, bound strictly as {@link StrictValues} binds the others: a
 * key's quota, an object bound by serde as a {@link KeyQuota} (a refusal inside it names {@code quota}), or
 * {@code null} for the service's default.
 */
final class KeyValues {

    private KeyValues() {
    }

    /**
     * The {@code quota} member as sent: a key's own quota, or {@code quota == null} for the service's default
     * ({@code "quota": null}). A body without the member has none of these.
     */
    record QuotaSetting(@Nullable Quota quota) {

        static final QuotaSetting DEFAULT = new QuotaSetting(null);
    }

    /** The {@code quota} member: {@code null}, or an object bound as a {@link KeyQuota} and judged by the domain. */
    @Singleton
    static final class QuotaMember implements Deserializer<Object> {

        private static final Argument<KeyQuota> QUOTA = Argument.of(KeyQuota.class);

        @Override
        public Object deserializeNullable(Decoder decoder, DecoderContext context, Argument<? super Object> type)
                throws IOException {
            if (decoder.decodeNull()) {
                return QuotaSetting.DEFAULT;
            }
            Deserializer<? extends KeyQuota> quota = context.findDeserializer(QUOTA).createSpecific(context, QUOTA);
            try {
                return new QuotaSetting(quota.deserialize(decoder, context, QUOTA).quota());
            } catch (SerdeException | RuntimeException refused) {
                throw new StrictValues.InvalidElement("quota", KeyBodies.QUOTA, refused);
            }
        }

        @Override
        public Object deserialize(Decoder decoder, DecoderContext context, Argument<? super Object> type)
                throws IOException {
            return deserializeNullable(decoder, context, type);
        }
    }
}
