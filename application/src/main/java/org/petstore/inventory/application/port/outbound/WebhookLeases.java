package org.petstore.inventory.application.port.outbound;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.petstore.inventory.domain.webhook.WebhookId;

/**
 * Which instance delivers which webhook, so that each is delivered by one instance at a time across every instance
 * on one database (on H2, one process, the same rules hold). A lease lasts {@link #DURATION} on the database's clock
 * (no instance's clock matters) unless renewed; an owner is an instance's id ({@code inst-} and 12 hex digits, made
 * at its start). Each method is one atomic step; two owners claiming at once never both get one webhook. A store that
 * cannot be reached is a {@link StorageUnavailableException}, and nothing changes.
 */
public interface WebhookLeases {

    /** How long a lease lasts after its claim or its last renewal. */
    Duration DURATION = Duration.ofSeconds(15);

    /**
     * Claims up to {@code max} enabled webhooks whose lease is free or has expired (whoever held it), for
     * {@code owner}, for {@link #DURATION}, each with its fence increased by one; answers the leases claimed by this
     * call (with the new fences), none when none is free. Never waits for a lock another claim holds.
     */
    List<Lease> claim(String owner, int max);

    /**
     * Extends, to {@link #DURATION} from now, each of these leases that {@code owner} still holds with the same fence
     * (even when it expired meanwhile, as long as no one claimed it: then nothing else moved), and answers their ids.
     * A lease not answered is lost: its deliverer must stop at once.
     */
    Set<WebhookId> renew(String owner, Collection<Lease> held);

    /**
     * Frees each of these leases that {@code owner} still holds with the same fence, so that another instance may
     * claim the webhook at once (at shutdown); the others are left as they are.
     */
    void release(String owner, Collection<Lease> held);
}
